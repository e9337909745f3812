import { CONTAINERS, convertQuantity, keyWords, normalizeUnit, unitFamily, unitsIn } from "./units";

/**
 * Grams in one US cup (236.59 ml) of common ingredients, as measured for cooking (spooned and levelled; brown
 * sugar packed; chopped produce loosely filled). Each line is "name, other names: grams".
 *
 * Baking goods (flours, sugars, fats, leaveners, nuts, dried fruit, chocolate): King Arthur Baking, "Ingredient
 * Weight Chart" (https://www.kingarthurbaking.com/learn/ingredient-weight-chart), whose spoon amounts are scaled
 * to the cup (1 tsp is 1/48 cup). Liquids, dairy, spices, condiments, grains and produce: USDA FoodData Central,
 * SR Legacy portion weights (https://fdc.nal.usda.gov), "1 cup" or "1 tbsp"/"1 tsp" scaled to the cup.
 */
const GRAMS_PER_CUP = `
flour, all purpose flour, plain flour, white flour, unbleached flour: 120
bread flour, strong flour, high gluten flour: 120
cake flour: 120
pastry flour: 106
self rising flour, self raising flour: 113
whole wheat flour, wholemeal flour, white whole wheat flour, whole wheat pastry flour: 113
rye flour, pumpernickel flour: 106
spelt flour: 99
semolina, semolina flour, durum flour: 163
almond flour, almond meal, ground almond: 96
coconut flour: 128
oat flour: 92
rice flour, white rice flour, glutinous rice flour: 142
brown rice flour: 128
buckwheat flour: 120
chickpea flour, gram flour, besan: 85
corn flour: 116
cornmeal, yellow cornmeal: 138
polenta, grit, corn grit: 156
masa harina: 106
cornstarch, corn starch, cornflour: 112
potato starch: 152
tapioca starch, tapioca flour: 113
arrowroot, arrowroot powder: 128
vital wheat gluten: 144
sugar, granulated sugar, white sugar, caster sugar, superfine sugar: 198
brown sugar, light brown sugar, dark brown sugar, muscovado sugar: 213
confectioners sugar, powdered sugar, icing sugar: 113
turbinado sugar, demerara sugar, raw sugar: 180
coconut sugar: 156
honey: 336
maple syrup: 312
corn syrup, light corn syrup: 312
golden syrup: 340
molasses, treacle: 340
agave, agave nectar, agave syrup: 336
butter, unsalted butter, salted butter: 227
margarine: 227
ghee: 205
shortening, vegetable shortening: 184
lard: 205
oil, vegetable oil, canola oil, sunflower oil, olive oil, extra virgin olive oil, rapeseed oil, peanut oil, corn oil: 218
sesame oil, toasted sesame oil: 218
coconut oil: 218
milk, whole milk, skim milk, low fat milk, semi skimmed milk, oat milk, almond milk, soy milk: 244
buttermilk: 245
cream, heavy cream, whipping cream, double cream, single cream, light cream: 238
half and half: 242
sour cream: 230
yogurt, yoghurt, plain yogurt, greek yogurt: 245
cream cheese: 232
ricotta, ricotta cheese: 246
mascarpone: 232
cottage cheese: 226
creme fraiche: 230
evaporated milk: 252
condensed milk, sweetened condensed milk: 306
milk powder, dry milk, powdered milk: 112
cheese, cheddar, cheddar cheese, mozzarella, mozzarella cheese, monterey jack, swiss cheese, gruyere, grated cheese, shredded cheese: 113
parmesan, parmesan cheese, parmigiano, parmigiano reggiano, pecorino, pecorino romano: 100
feta, feta cheese: 150
egg, beaten egg: 243
egg white: 243
egg yolk: 243
baking powder: 192
baking soda, bicarbonate of soda: 288
salt, table salt, fine salt, sea salt, fine sea salt: 288
kosher salt, flaky salt: 128
yeast, instant yeast, active dry yeast, dry yeast: 149
cream of tartar: 144
cocoa, cocoa powder, unsweetened cocoa, dutch process cocoa: 84
cinnamon, ground cinnamon: 125
ginger powder, ground ginger: 86
nutmeg, ground nutmeg: 106
cumin, ground cumin, cumin powder: 101
paprika, smoked paprika: 110
chili powder, chilli powder: 130
cayenne, cayenne pepper: 86
black pepper, ground black pepper, pepper: 110
turmeric, ground turmeric, turmeric powder: 144
garlic powder: 149
onion powder: 115
oregano, dried oregano: 48
thyme, dried thyme: 48
dried basil: 34
curry powder: 96
ground coriander: 86
allspice, ground allspice: 91
ground clove: 106
vanilla, vanilla extract: 208
gelatin, gelatine: 149
sesame seed: 142
poppy seed: 144
flaxseed, ground flaxseed, flaxseed meal: 100
sunflower seed: 140
pumpkin seed, pepita: 142
rolled oat, oat, old fashioned oat, quick oat, porridge oat: 89
steel cut oat: 160
rice, white rice, long grain rice, basmati rice, jasmine rice, arborio rice: 185
brown rice: 190
quinoa: 170
couscous: 173
bulgur, bulgur wheat: 140
pearl barley, barley: 200
lentil, red lentil, green lentil, brown lentil: 192
split pea: 196
macaroni, elbow macaroni: 105
breadcrumb, dry breadcrumb, bread crumb: 112
panko, panko breadcrumb: 50
graham cracker crumb: 99
almond, whole almond: 142
sliced almond, flaked almond: 86
slivered almond: 114
walnut, chopped walnut: 113
pecan, chopped pecan: 113
pecan half: 99
hazelnut: 142
cashew: 113
peanut: 142
pistachio, pistachio nut: 120
pine nut: 142
macadamia, macadamia nut: 149
coconut, shredded coconut, desiccated coconut, sweetened coconut: 85
raisin, golden raisin, sultana: 149
currant, dried currant: 142
dried cranberry, craisin: 114
date, chopped date: 149
dried apricot: 128
chocolate chip, semisweet chocolate chip, dark chocolate chip, milk chocolate chip, white chocolate chip, chopped chocolate: 170
mini marshmallow, marshmallow: 43
peanut butter: 270
almond butter: 256
tahini: 240
jam, jelly, preserve, marmalade: 340
nutella, chocolate spread: 296
water: 237
stock, broth, chicken stock, chicken broth, beef stock, beef broth, vegetable stock, vegetable broth: 240
lemon juice: 244
lime juice: 242
orange juice: 248
apple juice: 248
wine, white wine, red wine: 235
beer: 237
coffee, brewed coffee: 237
soy sauce, tamari: 255
fish sauce: 288
vinegar, white vinegar, apple cider vinegar, cider vinegar, red wine vinegar, white wine vinegar, rice vinegar, balsamic vinegar: 239
worcestershire sauce: 272
ketchup: 272
mayonnaise, mayo: 220
mustard, dijon mustard, yellow mustard: 240
hoisin sauce: 258
miso, miso paste: 275
tomato paste: 262
tomato sauce, passata, tomato puree: 245
crushed tomato, canned tomato, diced tomato, chopped tomato: 242
coconut milk: 226
coconut cream: 240
pumpkin puree, canned pumpkin: 245
applesauce, apple sauce: 244
onion, chopped onion, red onion, yellow onion, white onion: 160
garlic, minced garlic: 136
ginger, fresh ginger, minced ginger: 96
shallot: 160
scallion, green onion, spring onion: 100
leek: 89
carrot, chopped carrot, grated carrot: 128
celery: 101
bell pepper, red bell pepper, green bell pepper, yellow bell pepper: 149
jalapeno: 90
tomato, cherry tomato: 180
potato: 150
sweet potato: 133
mushroom, sliced mushroom: 70
spinach, baby spinach: 30
broccoli, broccoli floret: 91
cauliflower, cauliflower floret: 107
cabbage, red cabbage: 89
zucchini, courgette: 124
cucumber: 119
eggplant, aubergine: 82
butternut squash, squash: 140
beet, beetroot: 136
radish: 116
corn, corn kernel, sweet corn: 154
pea, green pea, frozen pea: 145
green bean: 100
lettuce, romaine: 47
parsley, fresh parsley: 60
cilantro, fresh cilantro, coriander leaf: 16
basil, fresh basil, basil leaf, fresh basil leaf: 42
blueberry: 148
strawberry: 152
raspberry: 123
blackberry: 144
cranberry: 100
cherry: 154
grape: 151
apple, chopped apple: 125
banana, mashed banana: 225
avocado, mashed avocado: 230
olive, black olive, green olive, kalamata olive: 134
caper: 138
`;

/**
 * Grams of one counted thing, from USDA FoodData Central SR Legacy portion weights ("1 large" egg, "1 medium"
 * vegetable or fruit, edible part), and King Arthur Baking's chart for a stick of butter. "egg" is one egg
 * counted in units; "garlic clove" is garlic counted in cloves. A head (bulb) of garlic has no USDA portion: it is
 * 10 of USDA's 3 g cloves, the fewest a bulb is usually said to hold (10 to 20), so a list of heads never falls short.
 */
const GRAMS_EACH = `
egg, large egg: 50
egg yolk: 17
egg white: 33
onion, red onion, yellow onion, white onion: 110
garlic clove: 3
garlic head, garlic bulb: 30
carrot: 61
celery stalk, celery rib: 40
potato: 213
sweet potato: 130
tomato: 123
cherry tomato: 17
apple: 182
banana: 118
lemon: 58
lime: 67
orange: 131
avocado: 201
bell pepper, red bell pepper, green bell pepper, yellow bell pepper: 119
jalapeno: 14
cucumber: 301
zucchini, courgette: 196
eggplant, aubergine: 548
mushroom: 18
peach: 150
nectarine: 142
pear: 178
plum: 66
mango: 336
kiwi, kiwi fruit: 69
leek: 89
scallion, green onion, spring onion: 15
beet, beetroot: 82
butter stick: 113
`;

const CUP_ML = 236.5882365;

type Table = Map<string, number>;
let tables: { gramsPerMl: Table; gramsEach: Table } | undefined;

function parse(text: string, scale: number): Table {
  const table: Table = new Map();
  for (const row of text.trim().split("\n")) {
    const [names, grams] = row.split(":");
    for (const name of names!.split(",")) table.set(keyWords(name).join(" "), Number(grams) * scale);
  }
  return table;
}

// Built on first use: every screen that loads the domain package would otherwise normalise these names at start-up.
function densityTables() {
  tables ??= { gramsPerMl: parse(GRAMS_PER_CUP, 1 / CUP_ML), gramsEach: parse(GRAMS_EACH, 1) };
  return tables;
}

/**
 * The value of the longest run of `words` that ends at its last word: "unsalted butter" is butter's, while "peanut
 * butter" is its own and "egg noodles", "butter beans" and "tomato paste" are not egg, butter or tomato (the words
 * before the food describe it; a first word that does is not the food).
 */
function lookUp(table: Table, words: string[]): number | null {
  for (let start = 0; start < words.length; start++) {
    const value = table.get(words.slice(start).join(" "));
    if (value !== undefined) return value;
  }
  return null;
}

/** Whether `words` (see keyWords) name a food counted one by one, which GRAMS_EACH weighs: an egg, a red onion, a lemon. */
export function weighedEach(words: string[]): boolean {
  return lookUp(densityTables().gramsEach, words) !== null;
}

/** Grams in a millilitre of the ingredient named by `words` ("unsalted butter" is butter's), null when unknown. */
function gramsPerMl(words: string[]): number | null {
  return lookUp(densityTables().gramsPerMl, words);
}

/**
 * Words before a food that change what one of it is: a unit of canned tomatoes is a can, of dried apricots a dried
 * one, of a jar of peppers a jar; so is one named by what was made of it (tomato paste, garlic powder, lemon juice).
 */
const NOT_FRESH = new Set([
  ...CONTAINERS,
  ...["canned", "tinned", "jarred", "bottled", "boxed", "packed", "dried", "dehydrated", "powdered", "powder"],
  ...["paste", "sauce", "puree", "juice", "stock", "broth", "concentrate", "extract", "essence", "syrup"],
]);

/** Like lookUp, but null when a word before the match says the thing is not the fresh one the table weighs. */
function lookUpEach(table: Table, words: string[]): number | null {
  for (let start = 0; start < words.length; start++) {
    const value = table.get(words.slice(start).join(" "));
    if (value !== undefined) return words.slice(0, start).some((w) => NOT_FRESH.has(w)) ? null : value;
  }
  return null;
}

/**
 * Grams of one `unit` (normalised) of the ingredient named by `words`: for "units" the thing itself (an egg), for
 * another counted unit that unit of it (a garlic clove, a butter stick). Null when unknown: a bag of onions has no
 * weight, nor has a unit of canned tomatoes (see NOT_FRESH).
 */
function gramsEach(words: string[], unit: string): number | null {
  const table = densityTables().gramsEach;
  if (unit === "units") return lookUpEach(table, words);
  const unitWords = keyWords(unit);
  const named = words.slice(-unitWords.length).join(" ") === unitWords.join(" ") ? words : [...words, ...unitWords];
  // The unit must end the match: "garlic" in cloves is a garlic clove, while "onion" in bags is not an onion.
  return lookUpEach(table, named);
}

/** Grams in one `unit` of the ingredient, null when they do not convert. */
function gramsIn(words: string[], unit: string): number | null {
  const family = unitFamily(unit);
  if (family === "mass") return convertQuantity(1, unit, "g");
  if (family === "count") {
    const normal = normalizeUnit(unit);
    const units = unitsIn(normal);
    const each = gramsEach(words, units === null ? normal : "units");
    return each === null ? null : each * (units ?? 1);
  }
  const density = gramsPerMl(words);
  return density === null ? null : density * convertQuantity(1, unit, "ml")!;
}

/**
 * `value` `from` of the ingredient `key` (see ingredientKey) in `to`. Within mass, within volume and within one counted unit by
 * their sizes; between them through grams, by the ingredient's density (GRAMS_PER_CUP: 2 1/2 cups of flour are
 * 300 g) or weight each (GRAMS_EACH: 2 eggs are 100 g). Null when they do not convert: the density or the weight
 * is not known, or a count is in two units neither weighs (3 bags and 2 units of onions).
 */
export function convertIngredient(key: string, value: number, from: string, to: string): number | null {
  const direct = convertQuantity(value, from, to);
  if (direct !== null) return direct;
  const words = key.split(" ");
  const [a, b] = [gramsIn(words, from), gramsIn(words, to)];
  return a === null || b === null ? null : (value * a) / b;
}
