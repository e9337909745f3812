import { toast } from "@kim/ui/lib/use-toast";
import { errorMessage } from "../../lib/form";
import { isNotFoundError } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { EMPTY_INGREDIENT_FORM, isCategory, type IngredientFormValues } from "./ingredient-form-values";

/** Notes for a product the lookup could not name: the scanned code, so the cook can finish by hand. */
export const barcodeNote = (code: string) => `Barcode: ${code}`;

/** A scan's add-form values, and whether the lookup answered: a failed one may name the product next time. */
export interface BarcodeLookup {
  values: IngredientFormValues;
  failed: boolean;
}

/**
 * Turns a scanned barcode into add-form values: the product's name, category and brand when known; otherwise an
 * empty form whose notes keep the scanned code (not found, or Open Food Facts unreachable), so nothing is lost.
 */
export function useBarcodeProductLookup() {
  const utils = trpc.useUtils();

  /** `wanted` says whether the cook still waits for this scan (they may have cancelled it): if not, its outcome is not told. */
  return async (code: string, wanted: () => boolean = () => true): Promise<BarcodeLookup> => {
    toast({ title: "Barcode scanned!", description: code });
    try {
      // fetch, not a hook: the lookup belongs to this scan, not to a rendered component.
      const product = await utils.barcode.lookup.fetch({ code });
      if (wanted()) toast({ title: "Product found!", description: product.name });
      const values = {
        ...EMPTY_INGREDIENT_FORM,
        name: product.name,
        category: isCategory(product.category) ? product.category : EMPTY_INGREDIENT_FORM.category,
        // Spec: a scanned brand goes into notes as 'Brand: {brand}'.
        notes: product.brand ? `Brand: ${product.brand}` : "",
      };
      return { values, failed: false };
    } catch (error) {
      const notFound = isNotFoundError(error);
      if (!wanted()) {
        // Cancelled: nothing to tell.
      } else if (notFound) {
        toast({ title: "Product not found", description: "This product isn't in our database. You can still add it manually." });
      } else {
        // Titled for what happened: the red toast of a failed lookup must not read as a success.
        toast({
          title: "Lookup failed",
          description: `${code}: ${errorMessage(error, "The product lookup failed. Add the product by hand.")}`,
          variant: "destructive",
        });
      }
      return { values: { ...EMPTY_INGREDIENT_FORM, notes: barcodeNote(code) }, failed: !notFound };
    }
  };
}
