import { Download } from "lucide-react";
import { buttonVariants } from "@kim/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import { EXPORT_ENDPOINT } from "./collection-upload";

/** "Export everything": the whole account as one zip, which Kim (and, for the recipes, other apps) reads back. */
export function ExportCard() {
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
      <CardContent>
        <a href={EXPORT_ENDPOINT} download className={buttonVariants({ variant: "outline" })}>
          Download my data
        </a>
      </CardContent>
    </Card>
  );
}
