import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Link, createFileRoute, useNavigate } from "@tanstack/react-router";
import { CircleAlert, Users } from "lucide-react";
import { HOUSEHOLD_TEXTS, type JoinChoice } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { toast } from "@kim/ui/lib/use-toast";
import { AuthScreen } from "../components/auth-screen";
import { FormField } from "../components/form-field";
import { EMPTY_SIGNUP, SignupFields, checkSignup } from "../components/signup-fields";
import { StatusIcon } from "../components/status-icon";
import { setCurrentUser, useCurrentUser } from "../lib/current-user";
import { errorMessage } from "../lib/form";
import { keyed, useKeyedMutation } from "../lib/keyed-mutation";
import { pageTitle } from "../lib/page-title";
import { trpc } from "../lib/trpc";

export const Route = createFileRoute("/household/join")({
  head: () => pageTitle("Join a household"),
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === "string" && search.token ? { token: search.token } : {},
  component: JoinHouseholdPage,
});

const CHOICES: { value: JoinChoice; label: string; hint: string }[] = [
  { value: "merge", label: "Bring my kitchen in", hint: "Your items, recipes, plans and lists join the household's." },
  { value: "leave-behind", label: "Leave my kitchen behind", hint: "It stays as it is; you get it back if you leave the household." },
];

/** The invitation's welcome screen: who invites, then joining with a new account or the one you have. */
function JoinHouseholdPage() {
  const { token = "" } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const { data: user } = useCurrentUser();
  const preview = trpc.households.preview.useQuery({ token }, { enabled: !!token, retry: false });
  const [mode, setMode] = useState<"signup" | "login">("signup");
  // The new account's fields as on /signup (the email is the invitation's); "I have one" uses its password.
  const [account, setAccount] = useState(EMPTY_SIGNUP);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [mustChoose, setMustChoose] = useState(false);
  const [choice, setChoice] = useState<JoinChoice>("merge");

  const accept = useKeyedMutation(keyed(utils.client.households.accept.mutate), {
    onSuccess: async ({ leftOut }) => {
      await utils.invalidate();
      // A slot holds at most three meals: the household's stay, and the joiner hears which of theirs did not fit.
      const meals = leftOut.map((m) => `${m.recipe ?? "A meal"} (${m.mealType}, ${m.date})`).join(", ");
      toast({
        title: "Welcome to the household",
        ...(leftOut.length > 0 && { description: `Not brought in, their slots were full: ${meals}.` }),
      });
      // Replacing the invitation: Back from the shared kitchen does not lead to a link now used.
      await navigate({ to: "/inventory", replace: true });
    },
    onError: (error) => {
      if (errorMessage(error, "") === HOUSEHOLD_TEXTS.choose) setMustChoose(true);
      else toast({ title: "Couldn't join", description: errorMessage(error, "Try again"), variant: "destructive" });
    },
  });
  const signedIn = (next: NonNullable<typeof user>) => {
    setCurrentUser(queryClient, next);
    accept.mutate({ token });
  };
  const signup = trpc.auth.signup.useMutation({
    onSuccess: signedIn,
    onError: (e) => toast({ title: "Signup failed", description: errorMessage(e, ""), variant: "destructive" }),
  });
  const login = trpc.auth.login.useMutation({
    onSuccess: signedIn,
    onError: (e) => toast({ title: "Login failed", description: errorMessage(e, ""), variant: "destructive" }),
  });

  if (!token || preview.isError) {
    return (
      <AuthScreen
        icon={<StatusIcon icon={CircleAlert} tone="destructive" />}
        title="This invitation can't be used"
        description={preview.isError ? errorMessage(preview.error, HOUSEHOLD_TEXTS.inviteUnknown) : HOUSEHOLD_TEXTS.inviteUnknown}
      >
        <Button className="w-full" asChild>
          <Link to="/">Go to Kim</Link>
        </Button>
      </AuthScreen>
    );
  }
  const invite = preview.data;
  const who = invite?.invitedBy ?? "Someone";
  const description = invite
    ? `${who} invites ${invite.email} to share their kitchen on Kim (${invite.members} ${invite.members === 1 ? "person" : "people"} so far): one inventory, recipe box, meal plan and shopping list.`
    : "Loading the invitation...";
  const busy = accept.isPending || signup.isPending || login.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invite) return;
    if (user) accept.mutate({ token, ...(mustChoose && { choice }) });
    else if (mode === "signup") {
      const { input, errors: next } = checkSignup({ ...account, email: invite.email });
      setErrors(next);
      if (input) signup.mutate(input);
    } else login.mutate({ email: invite.email, password: account.password });
  };

  return (
    <AuthScreen icon={<StatusIcon icon={Users} />} title="Join a household" description={description}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        {!user && invite && (
          <>
            <div role="group" aria-label="Your account" className="grid grid-cols-2 gap-2">
              <Button
                type="button"
                variant={mode === "signup" ? "default" : "outline"}
                aria-pressed={mode === "signup"}
                onClick={() => setMode("signup")}
              >
                New account
              </Button>
              <Button
                type="button"
                variant={mode === "login" ? "default" : "outline"}
                aria-pressed={mode === "login"}
                onClick={() => setMode("login")}
              >
                I have one
              </Button>
            </div>
            {mode === "signup" ? (
              <SignupFields
                values={{ ...account, email: invite.email }}
                errors={errors}
                onChange={(name, value) => setAccount((a) => ({ ...a, [name]: value }))}
                emailReadOnly
              />
            ) : (
              <>
                <FormField label="Email" name="email" value={invite.email} readOnly />
                <FormField
                  label="Password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={account.password}
                  onChange={(e) => setAccount((a) => ({ ...a, password: e.target.value }))}
                />
              </>
            )}
          </>
        )}
        {user && mustChoose && (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Your own kitchen has things in it. What becomes of it?</legend>
            {CHOICES.map((c) => (
              <label key={c.value} className="flex items-start gap-3 rounded-md border p-3 text-sm">
                <input
                  type="radio"
                  name="choice"
                  value={c.value}
                  checked={choice === c.value}
                  onChange={() => setChoice(c.value)}
                  className="mt-1"
                />
                <span>
                  <span className="font-medium">{c.label}</span>
                  <span className="block text-muted-foreground">{c.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <Button type="submit" className="w-full" disabled={!invite || busy}>
          {busy ? "Joining..." : user ? "Join the household" : mode === "signup" ? "Create account and join" : "Log in and join"}
        </Button>
      </form>
    </AuthScreen>
  );
}
