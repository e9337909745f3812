import { lazy, Suspense, useEffect, useState } from "react";
import { useToast } from "@kim/ui/lib/use-toast";

// Radix Toast is loaded with the first toast, keeping it out of the first page load.
const Toaster = lazy(() => import("@kim/ui/toaster").then((m) => ({ default: m.Toaster })));

export function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);

  useEffect(() => {
    if (toasts.length > 0) setNeeded(true);
  }, [toasts.length]);

  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
