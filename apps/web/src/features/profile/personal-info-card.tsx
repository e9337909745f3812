import { useState, type FormEvent } from "react";
import { Button } from "@kim/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import type { CurrentUser } from "../../lib/current-user";
import { DraftRestoredNotice } from "../../components/draft-restored-notice";
import { FormField } from "../../components/form-field";
import { errorCode, errorMessage, serverFieldErrors } from "../../lib/form";
import { stringField, useKeepDraft, useRestoredDraft } from "../../lib/form-draft";
import { useUpdateProfile } from "./use-update-profile";

type PersonalInfo = Pick<CurrentUser, "id" | "email" | "firstName" | "lastName">;
type PersonalInfoForm = { email: string; firstName: string; lastName: string };

function parsePersonalInfo(raw: unknown): PersonalInfoForm | null {
  const email = stringField(raw, "email");
  const firstName = stringField(raw, "firstName");
  const lastName = stringField(raw, "lastName");
  return email !== null && firstName !== null && lastName !== null ? { email, firstName, lastName } : null;
}

export function PersonalInfoCard({ user }: { user: PersonalInfo }) {
  const update = useUpdateProfile();
  const draft = { key: "profile", userId: user.id, scope: "personal-info" };
  const restored = useRestoredDraft(draft, parsePersonalInfo);
  const [form, setForm] = useState<PersonalInfoForm>(
    restored ?? { email: user.email, firstName: user.firstName ?? "", lastName: user.lastName ?? "" },
  );
  useKeepDraft(draft, form);
  // The server's refusal shows under its field too, until that field is edited; an address taken is the email's.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [name]: e.target.value }));
      setErrors(({ [name]: _, ...rest }) => rest);
    },
  });

  // Spec: no client validation here; the server's message explains any problem.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    update.mutate(form, {
      onError: (error) => {
        const taken = errorCode(error) === "CONFLICT";
        setErrors(taken ? { email: errorMessage(error, "") } : serverFieldErrors(error));
      },
    });
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
          {restored && !update.isSuccess ? <DraftRestoredNotice /> : null}
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
