import { Button } from "@kim/ui/button";

interface LoadFailedProps {
  /** What could not be loaded, as the sentence names it: "your ingredients". */
  what: string;
  message: string;
  retry: () => void;
}

/** In place of a list that could not load: why, and a way to ask again, since queries are never retried on their own. */
export function LoadFailed({ what, message, retry }: LoadFailedProps) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <p className="text-destructive">
        Could not load {what}: {message}
      </p>
      <Button variant="outline" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}
