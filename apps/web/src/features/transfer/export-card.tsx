import { Download } from "lucide-react";
import { buttonVariants } from "@kim/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import { NeedsNetwork } from "../../components/needs-network";
import { useOnline } from "../../lib/offline/network";
import { EXPORT_ENDPOINT } from "./collection-upload";

/** "Export everything": the whole account as one zip, which Kim (and, for the recipes, other apps) reads back. */
export function ExportCard() {
  const online = useOnline();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <Download className="size-5 text-primary" aria-hidden="true" />
            Export everything
          </h2>
        </CardTitle>
        <CardDescription>
          One zip of your profile, inventory, recipes with their photos, meal plans, shopping lists and stock history. The recipes are also
          in it as schema.org JSON-LD, which other recipe apps read.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-2">
        {online ? (
          <a href={EXPORT_ENDPOINT} download className={buttonVariants({ variant: "outline" })}>
            Download my data
          </a>
        ) : (
          // A link can't be disabled: offline it is a disabled button, as the other actions needing the server are.
          <button type="button" disabled className={buttonVariants({ variant: "outline" })}>
            Download my data
          </button>
        )}
        <NeedsNetwork what="exporting works" />
      </CardContent>
    </Card>
  );
}
