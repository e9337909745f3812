import { useEffect, useRef } from "react";
import { Button } from "@kim/ui/button";
import { errorMessage } from "../lib/form";
import { MAIN_CONTENT_ID } from "./skip-link";

interface LoadFailedProps {
  /** What could not be loaded, as the sentence names it: "your ingredients". */
  what: string;
  /** Why: the server's message, or in a cook's words a call that got no answer ("Failed to fetch" tells them nothing). */
  error: unknown;
  retry: () => void;
}

/** In place of a list that could not load: why, and a way to ask again, since queries are never retried on their own. */
export function LoadFailed({ what, error, retry }: LoadFailedProps) {
  const retried = useRef(false);
  // Once the list has come, Try again goes with this notice and the focus with it, to the body: it goes to the page's
  // content instead, where the list now is (unless the cook has moved on meanwhile).
  useEffect(
    () => () => {
      if (retried.current && (document.activeElement === document.body || document.activeElement === null)) {
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }
    },
    [],
  );
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <p className="text-destructive">
        Could not load {what}: {errorMessage(error, "Please try again.")}
      </p>
      <Button
        variant="outline"
        onClick={() => {
          retried.current = true;
          retry();
        }}
      >
        Try again
      </Button>
    </div>
  );
}
