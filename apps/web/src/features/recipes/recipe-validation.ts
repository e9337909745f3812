// The recipe form's schema on its own, so the form can load it (and zod) after the page has drawn.
export { recipeInput } from "@kim/domain";
