import { X } from "lucide-react";
import { Button } from "@kim/ui/button";
import { dismissChunkProblem, useChunkProblem } from "../lib/chunk-load";

/**
 * Says why something did not open when its code could not be loaded (see chunk-load.ts). Drawn by the page itself,
 * not as a toast: the toaster's own code may be what could not arrive.
 */
export function ChunkLoadNotice() {
  const problem = useChunkProblem();
  if (!problem) return null;
  const offline = problem === "offline";
  return (
    <div
      role={offline ? "status" : "alert"}
      data-testid="chunk-load-notice"
      className="fixed inset-x-4 bottom-4 z-[100] mx-auto flex max-w-md items-center gap-3 rounded-lg border bg-background p-3 text-sm shadow-lg"
    >
      <p className="flex-1">
        {offline ? "You're offline: this opens when you're back online." : "Kim was updated: reload to get the new version."}
      </p>
      {offline ? null : (
        <Button size="sm" onClick={() => window.location.reload()}>
          Reload
        </Button>
      )}
      <Button variant="ghost" size="icon" className="size-7 shrink-0" aria-label="Dismiss" onClick={dismissChunkProblem}>
        <X className="size-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
