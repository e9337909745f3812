/** "Loading..." in the middle of the screen; index.html draws the same until the app's code has run. */
export function LoadingScreen() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-svh items-center justify-center text-muted-foreground">
      Loading...
    </div>
  );
}
