import { Button } from "@kim/ui/button";

/** In place of a part of a page whose code could not be loaded (see lazyPart): why, and a way to try again. */
export function PartFailed({ retry }: { retry: () => void }) {
  const offline = !navigator.onLine;
  return (
    <div role="alert" className="flex min-h-[50svh] flex-col items-center justify-center gap-3 p-4 text-center text-sm">
      <p>{offline ? "You're offline: this opens when you're back online." : "Kim was updated: reload to get the new version."}</p>
      <Button variant="outline" onClick={offline ? retry : () => window.location.reload()}>
        {offline ? "Try again" : "Reload"}
      </Button>
    </div>
  );
}
