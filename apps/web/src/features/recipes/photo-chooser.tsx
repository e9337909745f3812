import { useId, useRef, useState, type ReactNode } from "react";
import { ImagePlus } from "lucide-react";
import { Button } from "@kim/ui/button";
import { PHOTO_TYPES, photoFileProblem } from "./recipe-photo-upload";

interface PhotoChooserProps {
  /** The button's words ("Add photo", "Replace photo", "Saving photo..."). */
  label: string;
  /** While a photo is being sent: a press does nothing, as the photo being sent is the one kept. */
  busy?: boolean;
  /** A photo the browser can send; answers why it was refused, if it was (shown beside the button), or nothing. */
  onChoose: (file: File) => void | Promise<string | null>;
  /** Buttons beside it (Remove photo). */
  children?: ReactNode;
}

/**
 * The button that opens the file chooser for a recipe's photo (JPEG, PNG, WebP or GIF), with the reason beside it when
 * a file is refused, by the browser (its kind, its size) or by the server.
 */
export function PhotoChooser({ label, busy = false, onChoose, children }: PhotoChooserProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const problemId = useId();

  const choose = async (file: File | undefined) => {
    const refused = photoFileProblem(file);
    setProblem(refused);
    if (!refused && file) setProblem((await onChoose(file)) ?? null);
  };

  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-disabled={busy}
          aria-describedby={problem ? problemId : undefined}
          onClick={() => !busy && input.current?.click()}
        >
          <ImagePlus aria-hidden="true" />
          {label}
        </Button>
        {children}
      </div>
      {problem ? (
        <p id={problemId} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={PHOTO_TYPES}
        className="hidden"
        aria-label="Photo file"
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          // The same file chosen again (after a refusal it was mended outside, say) is sent again.
          event.target.value = "";
        }}
      />
    </>
  );
}
