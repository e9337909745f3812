import { useState } from "react";
import { ChefHat } from "lucide-react";
import { cn } from "@kim/ui/lib/utils";
import type { RecipeSummary } from "./recipe-types";

type Photos = Pick<RecipeSummary, "imageUrl" | "photoUrl">;

/** Whether the recipe has a photo to try: one Kim keeps for it, or the address the cook gave. */
export const hasPhoto = (recipe: Photos) => !!(recipe.imageUrl || recipe.photoUrl);

/**
 * The recipe's photo in a 16:9 frame: the photo Kim keeps for it first (the cook's own, or one an import brought: it is
 * always there), its Image URL when it has none or that can't be loaded (a site may move its pictures), and the
 * placeholder when neither can. A photo that fails keeps its frame, so what is under it does not move up under the
 * reader.
 */
export function RecipePhoto({ recipe, className, lazy = false }: { recipe: Photos; className?: string; lazy?: boolean }) {
  const sources = [recipe.photoUrl, recipe.imageUrl].filter((url): url is string => !!url);
  // Failures count for these sources: an address the cook mends is tried again.
  const tried = sources.join(" ");
  const [failed, setFailed] = useState({ tried, count: 0 });
  const count = failed.tried === tried ? failed.count : 0;
  const src = sources[count];
  return (
    <div className={cn("flex aspect-[16/9] items-center justify-center overflow-hidden bg-muted", className)}>
      {src ? (
        <img
          key={src}
          src={src}
          alt=""
          loading={lazy ? "lazy" : undefined}
          decoding="async"
          referrerPolicy="no-referrer"
          className="size-full object-cover"
          onError={() => setFailed({ tried, count: count + 1 })}
        />
      ) : (
        <PhotoPlaceholder />
      )}
    </div>
  );
}

export const PhotoPlaceholder = () => <ChefHat className="size-10 text-muted-foreground/60" aria-hidden="true" />;
