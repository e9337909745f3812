import { lazy, Suspense, useState } from "react";
import { useToast } from "@kim/ui/lib/use-toast";

// Radix Toast is loaded with the first toast, keeping it out of the first page load.
const Toaster = lazy(() => import("@kim/ui/toaster").then((m) => ({ default: m.Toaster })));

export function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);

  // Once loaded, stay mounted so closing toasts can animate out and F8 keeps working.
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
