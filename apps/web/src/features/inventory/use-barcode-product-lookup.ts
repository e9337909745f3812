import { toast } from "@kim/ui/lib/use-toast";
import { errorMessage } from "../../lib/form";
import { isNotFoundError } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { EMPTY_INGREDIENT_FORM, isCategory, type IngredientFormValues } from "./ingredient-form-values";

/**
 * Turns a scanned barcode into add-form values: the product's name, category and brand when known,
 * an empty form when the product is unknown, nothing when the lookup failed otherwise.
 */
export function useBarcodeProductLookup() {
  const utils = trpc.useUtils();

  return async (code: string): Promise<IngredientFormValues | null> => {
    toast({ title: "Barcode scanned!", description: code });
    try {
      // fetch, not a hook: the lookup belongs to this scan, not to a rendered component.
      const product = await utils.barcode.lookup.fetch({ code });
      toast({ title: "Product found!", description: product.name });
      return {
        ...EMPTY_INGREDIENT_FORM,
        name: product.name,
        category: isCategory(product.category) ? product.category : EMPTY_INGREDIENT_FORM.category,
        notes: product.brand ? `Brand: ${product.brand}` : "",
      };
    } catch (error) {
      if (isNotFoundError(error)) {
        toast({ title: "Product not found", description: "This product isn't in our database. You can still add it manually." });
        return EMPTY_INGREDIENT_FORM;
      }
      toast({ title: errorMessage(error, "Barcode lookup failed"), variant: "destructive" });
      return null;
    }
  };
}
