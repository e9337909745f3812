import { toast } from "@kim/ui/lib/use-toast";
import { errorMessage } from "./form";

/** A destructive toast for a failed call: the screen's title, and the server's message when it sent one. */
export const failureToast = (title: string) => (error: unknown) =>
  toast({ title, description: errorMessage(error, "Please try again."), variant: "destructive" });
