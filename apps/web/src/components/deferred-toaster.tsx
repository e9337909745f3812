import { useState } from "react";
import { useToast } from "@kim/ui/lib/use-toast";

import { lazyPart } from "../lib/lazy-dialog";

// Radix Toast is loaded with the first toast, keeping it out of the first page load. Offline, the toasts wait for
// its code (the notice of chunk-load.ts says why nothing opened) and show once it arrives.
const Toaster = lazyPart(
  () => import("@kim/ui/toaster").then((m) => m.Toaster),
  null,
  () => null,
);

export function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);

  // Once loaded, stay mounted so closing toasts can animate out and F8 keeps working.
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed && toasts.length === 0) return null;
  return <Toaster />;
}
