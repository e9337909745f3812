import { useEffect, useState } from "react";
import { X } from "lucide-react";
import { Button } from "@kim/ui/button";
import { Card } from "@kim/ui/card";
import { PhotoChooser } from "./photo-chooser";
import { RecipePhoto } from "./recipe-photo";

/**
 * On the new-recipe page, the photo chosen for the recipe, shown from the device and sent once the recipe is saved
 * (there is nothing to keep it under before). Not part of the form's draft: a reload leaves it out.
 */
export function NewRecipePhoto({ photo, onChange }: { photo: File | null; onChange: (photo: File | null) => void }) {
  const preview = usePreview(photo);
  return (
    <Card className="flex-row items-center gap-4 p-4" role="region" aria-label="Recipe photo">
      <RecipePhoto recipe={{ imageUrl: preview, photoUrl: null }} className="w-28 shrink-0 rounded-md sm:w-40" />
      <div className="grid min-w-0 flex-1 justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">
          {photo
            ? `${photo.name} is saved with the recipe, for its card and cooking mode.`
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

/** An address the page can draw the chosen file from, given back when the file changes or the page goes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}
