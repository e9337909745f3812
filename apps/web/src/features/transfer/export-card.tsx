import { useState } from "react";
import { Download } from "lucide-react";
import { Button } from "@kim/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import { NeedsNetwork } from "../../components/needs-network";
import { isUnauthorizedError } from "../../lib/errors";
import { errorMessage } from "../../lib/form";
import { useOnline } from "../../lib/offline/network";
import { signalSessionLost } from "../../lib/session-lost";
import { downloadExport } from "./collection-upload";

type Stage = { kind: "idle" } | { kind: "preparing" } | { kind: "failed"; message: string };

/**
 * "Export everything": the whole account as one zip, which Kim (and, for the recipes, other apps) reads back. Fetched,
 * not a plain link: a link's refusal (another export under way, too many this hour, the session gone) showed only as a
 * failed download, and a second click started a second export.
 */
export function ExportCard() {
  const online = useOnline();
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const preparing = stage.kind === "preparing";

  async function download() {
    if (preparing) return;
    setStage({ kind: "preparing" });
    try {
      await downloadExport();
      setStage({ kind: "idle" });
    } catch (error) {
      if (isUnauthorizedError(error)) signalSessionLost();
      setStage({ kind: "failed", message: errorMessage(error, "The export failed. Please try again.") });
    }
  }

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
        <Button type="button" variant="outline" disabled={!online || preparing} onClick={() => void download()}>
          {preparing ? "Preparing your export…" : "Download my data"}
        </Button>
        {stage.kind === "failed" ? (
          <p role="alert" className="text-sm text-destructive">
            {stage.message}
          </p>
        ) : null}
        <NeedsNetwork what="exporting works" />
      </CardContent>
    </Card>
  );
}
