import { useId, useRef, useState } from "react";
import { Upload } from "lucide-react";
import { Button } from "@kim/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import { Checkbox } from "@kim/ui/checkbox";
import { NeedsNetwork } from "../../components/needs-network";
import { errorMessage } from "../../lib/form";
import { newIdempotencyKey } from "../../lib/keyed-mutation";
import { useOnline } from "../../lib/offline/network";
import { trpc } from "../../lib/trpc";
import { fileSize } from "../recipes/pdf-upload";
import { COLLECTION_TYPES, MAX_COLLECTION_BYTES, uploadCollection, type ImportSummary } from "./collection-upload";

type Stage =
  | { kind: "idle" }
  | { kind: "running"; key: string; sent: number }
  | { kind: "done"; summary: ImportSummary }
  | { kind: "failed"; message: string };

/** "Import a collection": a file from another recipe app (or a Kim export), with a progress bar and a summary. */
export function ImportCollectionCard() {
  const id = useId();
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [keepDuplicates, setKeepDuplicates] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const intent = useRef<{ file: File; keepDuplicates: boolean; key: string }>(undefined);
  const running = stage.kind === "running";
  const online = useOnline();
  // The server's progress once the file is in; polled while the import runs.
  const progress = trpc.transfer.importProgress.useQuery(
    { key: running ? stage.key : "-" },
    { enabled: running && stage.sent >= 1, refetchInterval: 500, retry: false },
  );
  const tooLarge = file !== null && file.size > MAX_COLLECTION_BYTES;

  async function start() {
    if (!file) return;
    // The same file and choice again after a failure goes with the key it went with: an import whose answer was lost
    // (the network dropped as it finished) answers its summary rather than importing every recipe twice.
    const same = intent.current?.file === file && intent.current.keepDuplicates === keepDuplicates;
    const key = same && intent.current ? intent.current.key : newIdempotencyKey();
    intent.current = { file, keepDuplicates, key };
    setStage({ kind: "running", key, sent: 0 });
    try {
      const summary = await uploadCollection(file, key, keepDuplicates, (sent) => setStage({ kind: "running", key, sent }));
      intent.current = undefined;
      setStage({ kind: "done", summary });
      void utils.recipes.invalidate();
    } catch (error) {
      setStage({ kind: "failed", message: errorMessage(error, "The import failed. Please try again.") });
    }
  }

  const saved = progress.data && progress.data.total > 0 ? progress.data.done / progress.data.total : 0;
  // Sending the file is the first half of the bar, saving its recipes the second.
  const share = running ? Math.round(Math.min(stage.sent, 1) * 50 + saved * 50) : 100;
  const phase = !running
    ? ""
    : stage.sent < 1
      ? "Sending the file…"
      : progress.data?.status === "saving"
        ? `Saving: ${progress.data.done.toLocaleString()} of ${progress.data.total.toLocaleString()}`
        : "Reading the recipes…";

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <Upload className="size-5 text-primary" aria-hidden="true" />
            Import a collection
          </h2>
        </CardTitle>
        <CardDescription>
          Bring your recipes from Paprika, Mealie, Tandoor, Nextcloud Cookbook, Plan to Eat, a schema.org recipe file, or a Kim export. Free
          on every plan.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            Collection file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept={COLLECTION_TYPES}
            disabled={running}
            aria-describedby={`${id}-file-hint`}
            className="block w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:bg-secondary file:px-3 file:py-1.5 file:text-sm file:font-medium"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setStage({ kind: "idle" });
            }}
          />
          <p id={`${id}-file-hint`} className="text-sm text-muted-foreground">
            {/* The input shows the file's name already. */}
            {file ? fileSize(file.size) : ".paprikarecipes, .zip, .json, .jsonld or .csv, up to 256 MB"}
          </p>
          {tooLarge && <p className="text-sm text-destructive">The file is larger than 256 MB.</p>}
        </div>
        <label className="flex items-start gap-2 text-sm">
          <Checkbox checked={keepDuplicates} disabled={running} onChange={(e) => setKeepDuplicates(e.target.checked)} />
          <span>Also import recipes I already have (same title and ingredients); by default they are skipped</span>
        </label>
        <div>
          <Button type="button" onClick={() => void start()} disabled={!file || tooLarge || running || !online}>
            {running ? "Importing…" : "Import"}
          </Button>
        </div>
        <NeedsNetwork what="importing works" />
        {running && (
          <div className="grid gap-1" aria-live="polite">
            <div
              role="progressbar"
              aria-label="Import progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={share}
              className="h-2 w-full overflow-hidden rounded-full bg-secondary"
            >
              <div className="h-full bg-primary transition-[width]" style={{ width: `${share}%` }} />
            </div>
            <p className="text-sm text-muted-foreground">{phase}</p>
          </div>
        )}
        {stage.kind === "failed" && (
          <p role="alert" className="text-sm text-destructive">
            {stage.message}
          </p>
        )}
        {stage.kind === "done" && <ImportSummaryView summary={stage.summary} />}
      </CardContent>
    </Card>
  );
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** What a Kim export brought besides its recipes, as a sentence; empty when it brought nothing else. */
function restoredText(restored: ImportSummary["restored"]): string {
  if (!restored) return "";
  const parts = [
    restored.inventory > 0 && count(restored.inventory, "inventory item", "inventory items"),
    restored.mealPlans > 0 && count(restored.mealPlans, "planned meal", "planned meals"),
    restored.shoppingLists > 0 && count(restored.shoppingLists, "shopping list", "shopping lists"),
    restored.stockHistory > 0 && count(restored.stockHistory, "stock history entry", "stock history entries"),
  ].filter(Boolean);
  return parts.length > 0 ? `Also restored ${parts.join(", ")}.` : "";
}

function ImportSummaryView({ summary }: { summary: ImportSummary }) {
  const noun = (n: number) => count(n, "recipe", "recipes");
  // A Kim export's skipped and failed rows are not all recipes: those counts are told as items.
  const other = (n: number) => (summary.restored ? count(n, "item", "items") : noun(n));
  const restored = restoredText(summary.restored);
  return (
    <div role="status" className="grid gap-2 rounded-md border p-4 text-sm">
      <p className="font-medium">
        Imported {noun(summary.imported)}
        {summary.skipped > 0 && `, skipped ${other(summary.skipped)}`}
        {summary.failed > 0 && `, ${other(summary.failed)} failed`}.
      </p>
      {restored && <p>{restored}</p>}
      {summary.details.length > 0 && (
        <ul className="grid max-h-48 gap-1 overflow-y-auto text-muted-foreground">
          {summary.details.map((d, i) => (
            <li key={i} className="break-words">
              <span className="font-medium text-foreground">{d.title}</span>: {d.outcome === "skipped" ? "skipped" : "failed"}. {d.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
