// The word "recipe" in the languages recipe pages are most often written in, after a dash, bar or colon closing a dish's
// name ("Arretjescake – Recept"): the page's label for the dish, not part of its name. Without the mark ("Sesame Chicken
// Recipe") it is the name the page gives the recipe, and kept (decision 0040, fourth pass).
const RECIPE_WORD = /\s*[-–—|:]\s*(?:recipe|recept|rezept|recette|receta|ricetta|receita|opskrift|oppskrift|przepis|recepty?)$/iu;

/** A recipe's name without a closing "recipe" word, where something is left of it. */
export function dishName(title: string): string {
  const name = title.replace(RECIPE_WORD, "");
  return name === "" ? title : name;
}
