import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { FileText, Link2, LoaderCircle, Sparkles } from "lucide-react";
import { AI_SERVICE_TIMED_OUT, AI_SERVICE_UNAVAILABLE, recipesLeftOut } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@kim/ui/dialog";
import { toast } from "@kim/ui/lib/use-toast";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@kim/ui/tabs";
import { FormField } from "../../components/form-field";
import { NeedsNetwork } from "../../components/needs-network";
import { useOnline } from "../../lib/offline/network";
import { errorCode, errorMessage } from "../../lib/form";
import { failureToast } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";
import { ExtractedRecipes } from "./extracted-recipes";
import { PdfDropZone } from "./pdf-drop-zone";
import { extractFromPdf, pdfFileProblem } from "./pdf-upload";
import { prefillFromImport, type ImportedRecipe, type ImportSource } from "./recipe-import";

/**
 * The AI Extract dialog (Pro): import the recipes on a web page or in a PDF. The recipes page draws the button that
 * opens it, so the dialog's code loads only when wanted.
 */
export function AiExtractDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* No padding of its own: AiExtract's drop target fills the whole dialog, so a file dropped anywhere on it lands.
          The address field takes the focus here rather than by autoFocus, which would take it before the dialog notes
          the button that opened it, and so where to give it back on close. */}
      <DialogContent
        className="p-0 sm:max-w-xl"
        onOpenAutoFocus={(event) => {
          const field = event.target instanceof HTMLElement ? event.target.querySelector<HTMLInputElement>("input[name=url]") : null;
          if (!field) return;
          event.preventDefault();
          field.focus();
        }}
      >
        {/* Mounted per opening: closing drops the results, and an answer that arrives after closing is ignored. */}
        <AiExtract onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

const SITE_UNREACHABLE = "We couldn't reach that site. Check the address, or try again later.";

/** A 502 or 504 about the site itself, not about the AI service that reads it after. */
function isSiteFailure(code: string | undefined, message: string): boolean {
  const gateway = code === "BAD_GATEWAY" || code === "GATEWAY_TIMEOUT";
  return gateway && message !== AI_SERVICE_UNAVAILABLE && message !== AI_SERVICE_TIMED_OUT;
}

/** A scheme-less address ("www.example.com/soup") is read as https, as a browser's address bar would. */
function withScheme(url: string): string {
  return /^[a-z][a-z\d+.-]*:\/\//i.test(url) ? url : `https://${url}`;
}

interface Found {
  recipes: ImportedRecipe[];
  source: ImportSource;
  /** The PDF they came from. */
  fileName?: string;
  /** Recipes the answer left out past its ingredient lines. */
  leftOut: number;
}

type Tab = "url" | "pdf";

const holdsFiles = (event: DragEvent | globalThis.DragEvent) => event.dataTransfer?.types.includes("Files") ?? false;

function AiExtract({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>("url");
  const [url, setUrl] = useState("");
  const [urlError, setUrlError] = useState<string | undefined>();
  const [pdfError, setPdfError] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const [found, setFound] = useState<Found | null>(null);
  const utils = trpc.useUtils();
  // Through the client rather than trpc's useMutation, which takes no abort signal.
  const fromUrl = useMutation({
    mutationFn: ({ url, signal }: { url: string; signal: AbortSignal }) => utils.client.extraction.fromUrl.mutate({ url }, { signal }),
  });
  const fromPdf = useMutation({ mutationFn: ({ file, signal }: { file: File; signal: AbortSignal }) => extractFromPdf(file, signal) });
  /** The import under way (one at a time), so closing the dialog or cancelling an upload can stop it. */
  const running = useRef<AbortController | null>(null);
  const statusId = useId();

  // Closing the dialog stops an import under way, so the server stops it too and lets the cook start another at once;
  // its answer, if it still comes, is dropped with this component.
  useEffect(() => () => running.current?.abort(), []);

  // A file dropped beside the dialog (on the dimmed page) would make the browser open it and leave Kim.
  useEffect(() => {
    const refuse = (event: globalThis.DragEvent) => {
      if (!holdsFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = "none";
    };
    window.addEventListener("dragover", refuse);
    window.addEventListener("drop", refuse);
    return () => {
      window.removeEventListener("dragover", refuse);
      window.removeEventListener("drop", refuse);
    };
  }, []);

  const busy = fromUrl.isPending || fromPdf.isPending;
  // Opened online, the dialog may stay open as the network goes: reading a page or a PDF needs the server.
  const online = useOnline();

  const review = (recipe: ImportedRecipe, source: ImportSource) => {
    onClose();
    void navigate({ to: "/recipes/new", search: prefillFromImport(recipe, source) });
  };

  const show = ({ recipes, leftOut }: { recipes: ImportedRecipe[]; leftOut: number }, source: ImportSource, fileName?: string) => {
    const [only] = recipes;
    if (!only) {
      const where = source === "pdf" ? "The PDF doesn't" : "The URL doesn't";
      const description = leftOut > 0 ? recipesLeftOut(leftOut) : `${where} contain any recognizable recipes`;
      toast({ title: "No recipes found", description, variant: "destructive" });
    } else if (recipes.length === 1 && leftOut === 0) review(only, source);
    // With recipes left out, the list says so, even of one.
    else setFound({ recipes, source, leftOut, ...(fileName ? { fileName } : {}) });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const address = url.trim();
    if (!address) {
      setUrlError("Please enter a URL");
      event.currentTarget.querySelector<HTMLInputElement>("input[name=url]")?.focus();
      return;
    }
    setUrlError(undefined);
    const field = event.currentTarget.querySelector<HTMLInputElement>("input[name=url]");
    const controller = new AbortController();
    running.current = controller;
    // Per-call callbacks: they do not run once the dialog has closed (this component is gone), so a late answer
    // never opens a form the cook walked away from.
    fromUrl.mutate(
      { url: withScheme(address), signal: controller.signal },
      {
        onSuccess: (answer) => show(answer, "url"),
        onError: (error) => {
          // An address the server refuses ("That is not a valid link") is marked on its field too, and so is a site
          // that could not be fetched, in plain words: the toast goes, and the system's reason means little to a cook.
          const code = errorCode(error);
          const fieldError =
            code === "BAD_REQUEST"
              ? errorMessage(error, "Enter a valid link")
              : isSiteFailure(code, error.message)
                ? SITE_UNREACHABLE
                : undefined;
          if (fieldError) {
            setUrlError(fieldError);
            // The button pressed was disabled while the page was read, and the focus went with it: to the field to mend.
            field?.focus();
          }
          failureToast("Extraction failed")(error);
        },
      },
    );
  };

  /** A file chosen or dropped: checked here by its name and type (the server checks its bytes), then read. */
  const readPdf = (file: File | undefined) => {
    if (busy) return;
    const problem = pdfFileProblem(file);
    if (problem || !file) {
      setPdfError(problem ?? undefined);
      return;
    }
    setPdfError(undefined);
    const controller = new AbortController();
    running.current = controller;
    fromPdf.mutate(
      { file, signal: controller.signal },
      {
        onSuccess: (answer) => {
          if (!controller.signal.aborted) show(answer, "pdf", file.name);
        },
        onError: (error) => {
          if (!controller.signal.aborted) failureToast("Extraction failed")(error);
        },
      },
    );
  };

  const cancelPdf = () => {
    running.current?.abort();
    fromPdf.reset();
  };

  // The whole dialog takes a dragged file: it turns to the PDF tab and the drop zone lights up.
  const acceptsDrop = !found && !busy;
  const dragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!holdsFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = acceptsDrop ? "copy" : "none";
    if (!acceptsDrop) return;
    setDragging(true);
    setTab("pdf");
  };
  const dragLeave = (event: DragEvent<HTMLDivElement>) => {
    // Leaving one child for another inside the dialog is not leaving the dialog.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setDragging(false);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    if (!holdsFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    if (!acceptsDrop) return;
    setTab("pdf");
    readPdf(event.dataTransfer.files[0]);
  };

  const pdfFile = fromPdf.isPending ? fromPdf.variables.file : null;
  const urlPending = fromUrl.isPending;
  return (
    <div className="grid min-w-0 gap-4 p-6" onDragEnter={dragOver} onDragOver={dragOver} onDragLeave={dragLeave} onDrop={drop}>
      {found ? (
        <ExtractedRecipes
          recipes={found.recipes}
          leftOut={found.leftOut}
          {...(found.fileName ? { fileName: found.fileName } : {})}
          onReview={(recipe) => review(recipe, found.source)}
          onStartOver={() => setFound(null)}
          onImported={onClose}
        />
      ) : (
        <>
          <DialogHeader>
            <DialogTitle>AI Extract</DialogTitle>
            <DialogDescription>
              Import recipes from a web page or a PDF, then review them before they join your collection.
            </DialogDescription>
          </DialogHeader>
          <NeedsNetwork what="importing recipes works" />
          <Tabs value={tab} onValueChange={(value) => setTab(value === "pdf" ? "pdf" : "url")}>
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
            {/* Both kept mounted while hidden, so a look at the other tab never loses the address or a running import. */}
            <TabsContent value="url" forceMount className="data-[state=inactive]:hidden">
              <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Import from a URL">
                <FormField
                  label="Recipe page URL"
                  name="url"
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder="https://example.com/best-lasagne"
                  hint="Paste the address of a page with one or more recipes."
                  value={url}
                  readOnly={urlPending}
                  onChange={(e) => {
                    setUrl(e.target.value);
                    setUrlError(undefined);
                  }}
                  error={urlError}
                />
                <div className="flex flex-col gap-2 sm:flex-row-reverse sm:items-center sm:justify-between">
                  <Button type="submit" disabled={busy || !online} aria-describedby={statusId}>
                    {urlPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
                    {urlPending ? "Extracting…" : "Extract Recipes"}
                  </Button>
                  <p id={statusId} role="status" className="text-sm text-muted-foreground">
                    {urlPending ? "Reading the page. This can take a few seconds." : ""}
                  </p>
                </div>
              </form>
            </TabsContent>
            <TabsContent value="pdf" forceMount className="data-[state=inactive]:hidden">
              <PdfDropZone
                dragging={dragging}
                reading={pdfFile}
                error={pdfError}
                disabled={urlPending || !online}
                onFile={readPdf}
                onCancel={cancelPdf}
              />
            </TabsContent>
          </Tabs>
        </>
      )}
    </div>
  );
}
