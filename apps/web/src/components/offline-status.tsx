import { Button } from "@kim/ui/button";
import { useOnline } from "../lib/offline/network";
import { useNewVersion } from "../lib/offline/service-worker";
import { useWaitingCount } from "../lib/offline/waiting";

const changes = (n: number) => `${n} ${n === 1 ? "change" : "changes"}`;

/**
 * The signed-in shell's quiet notes at the foot of the screen: offline, and how many changes wait on the device;
 * the changes being sent once the network is back; a new version of Kim ready to load. No icons: lucide's icons are
 * bundled with the landing page's chunk, which must not grow for the signed-in shell.
 */
export function OfflineStatus() {
  const online = useOnline();
  const count = useWaitingCount();
  const update = useNewVersion();
  const note = !online ? `Offline${count > 0 ? `: ${changes(count)} waiting` : ""}` : count > 0 ? `Saving ${changes(count)}…` : null;
  if (!note && !update.ready) return null;
  return (
    <>
      {/* Room at the foot of the page as tall as the notes, so the last row scrolls clear of them, never under. */}
      <div
        aria-hidden="true"
        data-testid="offline-status-room"
        className={`shrink-0 ${update.ready ? (note ? "h-32" : "h-24") : "h-16"}`}
      />
      <div className="pointer-events-none fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md flex-col gap-2">
        {note ? (
          <p
            role="status"
            data-testid="offline-status"
            className="pointer-events-auto flex items-center gap-2 self-center rounded-full border bg-background px-3 py-1.5 text-sm shadow-md"
          >
            <span className={`size-2 shrink-0 rounded-full ${online ? "bg-primary" : "bg-muted-foreground"}`} aria-hidden="true" />
            {note}
          </p>
        ) : null}
        {update.ready ? (
          <div role="status" className="pointer-events-auto flex items-center gap-3 rounded-lg border bg-background p-3 text-sm shadow-lg">
            <p className="flex-1">A new version of Kim is ready.</p>
            <Button size="sm" onClick={update.reload}>
              Reload
            </Button>
          </div>
        ) : null}
      </div>
    </>
  );
}
