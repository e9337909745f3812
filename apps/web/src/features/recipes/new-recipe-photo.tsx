import { useEffect, useRef, useState } from "react";
import { X } from "lucide-react";
import { Button } from "@kim/ui/button";
import { Card } from "@kim/ui/card";
import { PhotoChooser } from "./photo-chooser";
import { RecipePhoto } from "./recipe-photo";

/**
 * On the new-recipe page, the photo chosen for the recipe, shown from the device and sent once the recipe is saved
 * (there is nothing to keep it under before). Not part of the form's draft: a reload leaves it out.
 */
export function NewRecipePhoto({ photo, onChange }: { photo: ChosenPhoto | null; onChange: (file: File | null) => void }) {
  return (
    <Card className="flex-row items-center gap-4 p-4" role="region" aria-label="Recipe photo">
      <RecipePhoto recipe={{ imageUrl: photo?.preview ?? null, photoUrl: null }} className="w-28 shrink-0 rounded-md sm:w-40" />
      <div className="grid min-w-0 flex-1 justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">
          {photo
            ? `${photo.file.name} is saved with the recipe, for its card and cooking mode.`
            : "Add a photo of the dish for the recipe's card and cooking mode: a JPEG, PNG, WebP or GIF of up to 10 MB."}
        </p>
        <PhotoChooser label={photo ? "Change photo" : "Add photo"} onChoose={(file) => onChange(file)}>
          {photo ? (
            <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
              <X aria-hidden="true" />
              Leave out photo
            </Button>
          ) : null}
        </PhotoChooser>
      </div>
    </Card>
  );
}

/** A file chosen for the recipe, with an address the page draws it from. */
export interface ChosenPhoto {
  file: File;
  preview: string;
}

/**
 * The photo chosen on the page, and the way to choose another or none: each choice makes the address its preview is
 * drawn from and gives back the one before; the last is given back when the page goes.
 */
export function useChosenPhoto(): [ChosenPhoto | null, (file: File | null) => void] {
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const latest = useRef<ChosenPhoto | null>(null);
  useEffect(
    () => () => {
      if (latest.current) URL.revokeObjectURL(latest.current.preview);
    },
    [],
  );
  const choose = (file: File | null) => {
    if (latest.current) URL.revokeObjectURL(latest.current.preview);
    latest.current = file && { file, preview: URL.createObjectURL(file) };
    setPhoto(latest.current);
  };
  return [photo, choose];
}
