import { useState, type FormEvent } from "react";
import { Button } from "@kim/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import type { CurrentUser } from "../../lib/current-user";
import { FormField } from "../../components/form-field";
import { useUpdateProfile } from "./use-update-profile";

type PersonalInfo = Pick<CurrentUser, "email" | "firstName" | "lastName">;

export function PersonalInfoCard({ user }: { user: PersonalInfo }) {
  const update = useUpdateProfile();
  const [form, setForm] = useState({ email: user.email, firstName: user.firstName ?? "", lastName: user.lastName ?? "" });
  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  // Spec: no client validation here; the server's message explains any problem.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(form);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Personal Information</h2>
        </CardTitle>
        <CardDescription>Update your name and email address</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField label="Email" type="email" autoComplete="email" {...field("email")} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First Name" autoComplete="given-name" {...field("firstName")} />
            <FormField label="Last Name" autoComplete="family-name" {...field("lastName")} />
          </div>
          <Button type="submit" className="w-full sm:w-fit sm:justify-self-end" disabled={update.isPending}>
            {update.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
