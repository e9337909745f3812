import { useId, useState } from "react";
import { Mail } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import { toast } from "@kim/ui/lib/use-toast";
import { Switch } from "@kim/ui/switch";
import { browserTimeZone } from "../../lib/dates";
import { failureToast } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";

/** The opt-in morning mail: what expires in the next 3 days, at 08:00 on this browser's clock. */
export function ExpiryMailCard() {
  const id = useId();
  const utils = trpc.useUtils();
  const settings = trpc.expiryMail.settings.useQuery();
  // The cook's choice, shown from the click on until the server answers. Read from the mutation's pending state, which
  // arrives a task later, the controlled switch flipped back for a moment after the click.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const update = trpc.expiryMail.update.useMutation({
    onSuccess: (saved) => {
      utils.expiryMail.settings.setData(undefined, saved);
      toast({
        title: saved.expiryMail ? "Expiry mail turned on" : "Expiry mail turned off",
        description: saved.expiryMail ? "You'll get it at 08:00 on mornings when something is about to expire." : undefined,
      });
    },
    onError: failureToast("Failed to update expiry mail"),
    onSettled: () => setChosen(null),
  });
  const on = chosen ?? settings.data?.expiryMail ?? false;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <Mail className="size-5 text-primary" aria-hidden="true" />
            Expiry Mail
          </h2>
        </CardTitle>
        <CardDescription>A morning mail when food in your kitchen is about to expire</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start justify-between gap-4 rounded-md border p-4">
          <div className="grid gap-1">
            <label htmlFor={id} className="text-sm font-medium">
              Email me what expires in the next 3 days
            </label>
            <p id={`${id}-hint`} className="text-sm text-muted-foreground">
              At 08:00 your time, only on days when something expires. Every mail has a link to stop it.
            </p>
          </div>
          <Switch
            id={id}
            aria-describedby={`${id}-hint`}
            checked={on}
            disabled={!settings.data || update.isPending}
            onChange={(e) => {
              setChosen(e.target.checked);
              update.mutate({ expiryMail: e.target.checked, timeZone: browserTimeZone() });
            }}
          />
        </div>
      </CardContent>
    </Card>
  );
}
