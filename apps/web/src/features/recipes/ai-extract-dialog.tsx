import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "@tanstack/react-router";
import { FileText, Link2, LoaderCircle, Sparkles } from "lucide-react";
import { Button } from "@kim/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@kim/ui/dialog";
import { toast } from "@kim/ui/lib/use-toast";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@kim/ui/tabs";
import { FormField } from "../../components/form-field";
import { failureToast } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";
import { ExtractedRecipes } from "./extracted-recipes";
import { prefillFromImport, type ImportedRecipe } from "./recipe-import";

/** The AI Extract button and dialog (Pro): import the recipes on a web page; PDF import comes later. */
export function AiExtractDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Sparkles aria-hidden="true" />
          AI Extract
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        {/* Mounted per opening: closing drops the results, and an answer that arrives after closing is ignored. */}
        <AiExtract onClose={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** A scheme-less address ("www.example.com/soup") is read as https, as a browser's address bar would. */
function withScheme(url: string): string {
  return /^[a-z][a-z\d+.-]*:\/\//i.test(url) ? url : `https://${url}`;
}

function AiExtract({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [url, setUrl] = useState("");
  const [urlError, setUrlError] = useState<string | undefined>();
  const [found, setFound] = useState<ImportedRecipe[] | null>(null);
  const fromUrl = trpc.extraction.fromUrl.useMutation();
  const statusId = useId();

  const review = (recipe: ImportedRecipe) => {
    onClose();
    void navigate({ to: "/recipes/new", search: prefillFromImport(recipe) });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (fromUrl.isPending) return;
    const address = url.trim();
    if (!address) {
      setUrlError("Please enter a URL");
      event.currentTarget.querySelector<HTMLInputElement>("input[name=url]")?.focus();
      return;
    }
    setUrlError(undefined);
    // Per-call callbacks: they do not run once the dialog has closed (this component is gone), so a late answer
    // never opens a form the cook walked away from.
    fromUrl.mutate(
      { url: withScheme(address) },
      {
        onSuccess: ({ recipes }) => {
          const [only] = recipes;
          if (!only) {
            toast({ title: "No recipes found", description: "The URL doesn't contain any recognizable recipes", variant: "destructive" });
          } else if (recipes.length === 1) review(only);
          else setFound(recipes);
        },
        onError: failureToast("Extraction failed"),
      },
    );
  };

  if (found) return <ExtractedRecipes recipes={found} onReview={review} onStartOver={() => setFound(null)} onImported={onClose} />;

  const pending = fromUrl.isPending;
  return (
    <>
      <DialogHeader>
        <DialogTitle>AI Extract</DialogTitle>
        <DialogDescription>Import recipes from a web page or a PDF, then review them before they join your collection.</DialogDescription>
      </DialogHeader>
      <Tabs defaultValue="url">
        <TabsList aria-label="Import from">
          <TabsTrigger value="url">
            <Link2 aria-hidden="true" />
            URL
          </TabsTrigger>
          <TabsTrigger value="pdf">
            <FileText aria-hidden="true" />
            PDF
          </TabsTrigger>
        </TabsList>
        {/* Kept mounted while hidden, so a look at the PDF tab never loses the address or a running import. */}
        <TabsContent value="url" forceMount className="data-[state=inactive]:hidden">
          <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Import from a URL">
            <FormField
              label="Recipe page URL"
              name="url"
              type="url"
              inputMode="url"
              autoComplete="url"
              autoFocus
              placeholder="https://example.com/best-lasagne"
              hint="Paste the address of a page with one or more recipes."
              value={url}
              readOnly={pending}
              onChange={(e) => {
                setUrl(e.target.value);
                setUrlError(undefined);
              }}
              error={urlError}
            />
            <div className="flex flex-col gap-2 sm:flex-row-reverse sm:items-center sm:justify-between">
              <Button type="submit" disabled={pending} aria-describedby={statusId}>
                {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
                {pending ? "Extracting…" : "Extract Recipes"}
              </Button>
              <p id={statusId} role="status" className="text-sm text-muted-foreground">
                {pending ? "Reading the page. This can take a few seconds." : ""}
              </p>
            </div>
          </form>
        </TabsContent>
        <TabsContent value="pdf">
          <div className="flex items-start gap-3 rounded-md border border-dashed p-4 text-sm">
            <FileText className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <div className="grid gap-1">
              <p className="font-medium">PDF import is coming soon.</p>
              <p className="text-muted-foreground">Until then, import from a recipe page&apos;s URL, or create the recipe with the form.</p>
            </div>
          </div>
        </TabsContent>
      </Tabs>
    </>
  );
}
