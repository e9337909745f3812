// A relative import, so bench/browser.ts (root tsconfig, no workspace packages) can use this file too.
import { CUISINES, DIFFICULTIES, type RecipeInput } from "../../../packages/domain/src/index";

/**
 * Recipes as a user's collection holds them, for the benches: the same recipe for the same index every run. Titles
 * from a few hundred combinations, descriptions of 100 to 300 characters, 5 to 15 ingredients, 4 to 10 steps of
 * instructions on lines of their own, 0 to 5 tags, an image for about 40% (on RECIPE_IMAGE_HOST, which resolves to
 * nothing: no bench waits on images). The words are drawn at random from lists rather than repeated sentences, so
 * the list compresses about as well as real text would, not better.
 */
export const RECIPE_IMAGE_HOST = "images.kim-bench.invalid";

const ADJECTIVES =
  "Classic,Smoky,Creamy,Spicy,Roasted,Garlicky,Lemony,Herby,Crispy,Slow-Cooked,One-Pan,Grandma's,Quick,Golden,Rustic,Sticky,Zesty,Charred".split(
    ",",
  );
const DISHES =
  "Chicken Curry,Lentil Soup,Beef Stew,Mushroom Risotto,Fish Tacos,Vegetable Lasagna,Pad Thai,Shakshuka,Pork Ramen,Caesar Salad,Banana Bread,Chili con Carne,Paella,Falafel Wraps,Tomato Tart,Salmon Bowls,Mac and Cheese,Chickpea Stew,Pancakes,Apple Crumble,Fried Rice,Minestrone,Gnocchi,Meatballs,Stuffed Peppers,Quiche,Dal,Burritos,Carrot Cake,Noodle Salad".split(
    ",",
  );
const INGREDIENTS =
  "onion,garlic,olive oil,butter,chicken thighs,ground beef,salmon fillet,shrimp,chickpeas,red lentils,basmati rice,arborio rice,spaghetti,flour,sugar,brown sugar,eggs,milk,heavy cream,parmesan,cheddar,feta,spinach,kale,carrots,celery,bell pepper,zucchini,eggplant,mushrooms,tomatoes,canned tomatoes,tomato paste,potatoes,sweet potato,lemon,lime,ginger,cumin,paprika,turmeric,chili flakes,oregano,thyme,rosemary,basil,cilantro,parsley,coconut milk,soy sauce,fish sauce,honey,maple syrup,vinegar,stock,bread crumbs,yogurt,cinnamon,vanilla,baking powder".split(
    ",",
  );
const UNITS = ["g", "kg", "ml", "L", "cups", "tbsp", "tsp", "oz", "lbs", "", "cloves", "cans"];
const WORDS =
  "weeknight,family,favourite,comforting,bright,hearty,light,simple,fragrant,tender,crunchy,silky,rich,fresh,seasonal,colourful,warming,satisfying,budget,freezer-friendly,make-ahead,leftovers,lunchbox,dinner,party,picnic,brunch,Sunday,summer,winter,autumn,spring,garden,market,pantry,crowd-pleasing,kid-approved,restaurant-style,street-food,traditional,modern,twist,sauce,broth,glaze,crust,topping,side,salad,bread,rice,noodles,herbs,spices,heat,tang,sweetness,depth,texture,colour".split(
    ",",
  );
const VERBS =
  "Heat,Chop,Dice,Slice,Stir,Whisk,Fold,Simmer,Roast,Bake,Fry,Sear,Toast,Season,Drain,Blend,Mash,Grate,Toss,Marinate,Reduce,Cover,Rest,Serve".split(
    ",",
  );
const TAGS =
  "quick,vegetarian,vegan,gluten-free,dairy-free,comfort food,healthy,high-protein,kid-friendly,one-pot,meal prep,freezer,spicy,dessert,breakfast,lunch,dinner,batch cooking,party,budget,summer,winter,holiday,grill,slow cooker".split(
    ",",
  );

/** mulberry32: a small seeded generator, so a recipe's index decides all of it (and the same data every run). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function benchRecipe(i: number): RecipeInput {
  const next = random(i + 1);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(from: readonly T[]): T => from[Math.floor(next() * from.length)]!;
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(" ");

  const dish = pick(DISHES);
  const title = `${pick(ADJECTIVES)} ${dish}${next() < 0.3 ? ` with ${pick(INGREDIENTS)}` : ""}`;
  const ingredients = Array.from({ length: int(5, 15) }, () => {
    const name = pick(INGREDIENTS);
    if (next() < 0.15) return { name, quantity: "a pinch", unit: "", original: `a pinch of ${name}` };
    const quantity = int(1, 40) * (next() < 0.5 ? 25 : 0.25);
    const unit = pick(UNITS);
    return { name, quantity, unit, original: `${quantity} ${unit} ${name}`.replace(/\s+/g, " ") };
  });

  const sentences = [
    `A ${words(2)} ${dish.toLowerCase()} with ${ingredients[0]!.name}, ${ingredients[1]!.name} and ${ingredients[2]!.name}.`,
  ];
  const length = int(100, 300);
  while (sentences.join(" ").length < length) sentences.push(`${pick(VERBS)} it for ${words(int(3, 8))}.`);
  const text = sentences.join(" ");
  const description = text.length <= 300 ? text : `${text.slice(0, text.lastIndexOf(" ", 299))}.`;

  const steps = Array.from(
    { length: int(4, 10) },
    (_, n) =>
      `${n + 1}. ${pick(VERBS)} the ${pick(INGREDIENTS)} with the ${pick(INGREDIENTS)} for ${int(2, 25)} minutes, ${words(int(4, 12))}.`,
  );

  return {
    title,
    description,
    imageUrl: next() < 0.4 ? `https://${RECIPE_IMAGE_HOST}/recipes/${i}.jpg` : null,
    prepTime: next() < 0.9 ? int(1, 12) * 5 : null,
    cookTime: next() < 0.85 ? int(0, 36) * 5 : null,
    servings: int(1, 8),
    difficulty: pick(DIFFICULTIES),
    cuisineType: pick(CUISINES),
    ingredients,
    instructions: steps.join("\n"),
    tags: [...new Set(Array.from({ length: int(0, 5) }, () => pick(TAGS)))],
    isAiExtracted: next() < 0.15,
  };
}
