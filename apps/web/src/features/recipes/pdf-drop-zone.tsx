import { useId, useRef } from "react";
import { FileText, FileUp, LoaderCircle } from "lucide-react";
import { Button } from "@kim/ui/button";
import { cn } from "@kim/ui/lib/utils";
import { fileSize } from "./pdf-upload";

interface PdfDropZoneProps {
  /** A file is being dragged over the dialog: the zone shows where it lands. */
  dragging: boolean;
  /** The file being read, while the server reads it. */
  reading: File | null;
  /** Why the last file chosen could not be read, shown in the zone. */
  error: string | undefined;
  /** Another import (the URL tab's) is running: no file can be chosen meanwhile. */
  disabled: boolean;
  onFile: (file: File | undefined) => void;
  onCancel: () => void;
}

/**
 * The PDF tab: a zone to drop a PDF on (the whole dialog takes the drop; see AiExtract) and a button that opens the
 * file chooser, so the keyboard and touch screens choose a file too. While the server reads the file, a spinner with
 * its name and a Cancel button.
 */
export function PdfDropZone({ dragging, reading, error, disabled, onFile, onCancel }: PdfDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const hintId = useId();
  const errorId = useId();

  return (
    <div
      role="group"
      aria-labelledby={headingId}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      data-dragging={dragging || undefined}
      className={cn(
        "grid min-w-0 justify-items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors",
        dragging ? "border-primary bg-primary/5" : error ? "border-destructive/60" : "border-muted-foreground/30",
      )}
    >
      {/* Kept mounted (and out of the tab order: the button below opens it), so a test or a script can set its file. */}
      <input
        ref={input}
        type="file"
        name="file"
        accept=".pdf,application/pdf"
        aria-label="PDF file"
        tabIndex={-1}
        className="sr-only"
        disabled={disabled || reading !== null}
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          // Choosing the same file again (after a fix, or a cancel) still counts as a choice.
          event.target.value = "";
        }}
      />
      {reading ? (
        <>
          <LoaderCircle className="size-8 animate-spin text-primary" aria-hidden="true" />
          <div className="grid min-w-0 gap-1">
            <p id={headingId} role="status" className="font-medium">
              Reading the PDF…
            </p>
            <p id={hintId} className="flex min-w-0 items-center justify-center gap-1.5 text-sm text-muted-foreground">
              <FileText className="size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 truncate">{reading.name}</span>
              <span className="shrink-0">· {fileSize(reading.size)}</span>
            </p>
            <p className="text-sm text-muted-foreground">A long cookbook can take a few seconds.</p>
          </div>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </>
      ) : (
        <>
          <FileUp className={cn("size-8", dragging ? "text-primary" : "text-muted-foreground")} aria-hidden="true" />
          <div className="grid gap-1">
            <p id={headingId} className="font-medium">
              {dragging ? "Drop the PDF to read it" : "Drop a PDF here or choose a file"}
            </p>
            <p id={hintId} className="text-sm text-muted-foreground">
              A saved recipe page, a cookbook or a magazine&apos;s pages, up to 20 MB. Kim finds every recipe in it.
            </p>
          </div>
          <Button type="button" variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
            <FileUp aria-hidden="true" />
            Choose a PDF
          </Button>
        </>
      )}
      {error && !reading ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
