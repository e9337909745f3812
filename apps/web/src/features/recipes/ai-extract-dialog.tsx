import { FileText, Link2, Sparkles } from "lucide-react";
import { Button } from "@kim/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@kim/ui/dialog";

/** The AI Extract entry for Pro users. Import from a PDF or a web page arrives with the extraction feature. */
export function AiExtractDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Sparkles aria-hidden="true" />
          AI Extract
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>AI Extract</DialogTitle>
          <DialogDescription>Import recipes from a PDF or a web page.</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-3 text-sm">
          <li className="flex items-start gap-3 rounded-md border p-3">
            <FileText className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>
              <span className="font-medium">From a PDF</span>: every recipe in a cookbook or saved page, ready to review.
            </span>
          </li>
          <li className="flex items-start gap-3 rounded-md border p-3">
            <Link2 className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>
              <span className="font-medium">From a link</span>: paste a recipe page's address and get its ingredients and steps.
            </span>
          </li>
        </ul>
        <p role="status" className="text-sm text-muted-foreground">
          Import is coming soon. Until then, create recipes with the form.
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
