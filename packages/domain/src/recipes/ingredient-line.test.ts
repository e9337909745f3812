import { describe, expect, it } from "vitest";
import { parseIngredientLine, recipeIngredientFromLine } from "./ingredient-line";
import { recipeIngredientSchema } from "./recipe-input";

/** quantity, unit, name of a line, the three fields most tests check. */
function read(line: string) {
  const { quantity, unit, name } = parseIngredientLine(line);
  return [quantity, unit, name];
}

describe("parse ingredient line: amounts", () => {
  it.each([
    ["1 1/2 cups rolled oats", 1.5, "cups", "rolled oats"],
    ["½ tsp smoked paprika", 0.5, "tsp", "smoked paprika"],
    ["1½ cups caster sugar", 1.5, "cups", "caster sugar"],
    ["2 ¾ cups whole milk", 2.75, "cups", "whole milk"],
    ["⅓ cup maple syrup", 1 / 3, "cups", "maple syrup"],
    ["3/4 cup buttermilk", 0.75, "cups", "buttermilk"],
    ["0.5 tsp cumin seeds", 0.5, "tsp", "cumin seeds"],
    ["2.5 litres water", 2.5, "L", "water"],
    ["1-1/2 cups granulated sugar", 1.5, "cups", "granulated sugar"],
    ["1 and 1/2 cups cooked broccoli", 1.5, "cups", "cooked broccoli"],
    ["2 and 1/4 teaspoons dried yeast", 2.25, "tsp", "dried yeast"],
    ["1,5 kg floury potatoes", 1.5, "kg", "floury potatoes"],
    ["1,000 g strong flour", 1000, "g", "strong flour"],
    ["three eggs", 3, null, "eggs"],
    ["about 6 sprigs of mint", 6, "sprig", "mint"],
    ["½ a pomegranate", 0.5, null, "pomegranate"],
  ])("reads %j", (line, quantity, unit, name) => {
    expect(read(line)).toEqual([quantity, unit, name]);
  });

  it.each([
    ["3-4 shallots, halved", 3, 4, "shallots"],
    ["2–3 tbsp runny honey", 2, 3, "runny honey"],
    ["1 to 2 tsp chilli flakes", 1, 2, "chilli flakes"],
    ["4 or 5 new potatoes", 4, 5, "new potatoes"],
    ["½-1 tsp cayenne pepper", 0.5, 1, "cayenne pepper"],
    ["10 to12 cherry tomatoes", 10, 12, "cherry tomatoes"],
    ["2 to 2-1/2 cups chicken broth", 2, 2.5, "chicken broth"],
  ])("reads the range in %j as its lower bound, with its top as upper", (line, quantity, upper, name) => {
    expect(parseIngredientLine(line)).toMatchObject({ quantity, upper, name });
  });

  it("gives no upper for a single amount", () => {
    expect(parseIngredientLine("2 leeks")).not.toHaveProperty("upper");
  });

  it.each([
    ["Salt and pepper to taste", "Salt and pepper"],
    ["a handful of rocket", "rocket"],
    ["a little sunflower oil", "sunflower oil"],
    ["crusty bread, to serve", "crusty bread"],
    ["pinch of saffron", "saffron"],
    ["oil for deep frying", "oil"],
    ["a few sprigs of thyme", "thyme"],
  ])("finds no amount in %j", (line, name) => {
    expect(read(line)).toEqual([null, null, name]);
  });

  it("reads a zero before words as no amount, but a zero measure as one", () => {
    expect(parseIngredientLine("0 As required salt")).toMatchObject({ quantity: null, comment: "As required salt" });
    expect(read("0 g sugar")).toEqual([0, "g", "sugar"]);
  });

  it.each([
    ["Optional: 2 cups cooked chicken, chopped bite-size", 2, "cups", "cooked chicken", "Optional"],
    ["Optional Glaze: ½ cup powdered sugar", 0.5, "cups", "powdered sugar", "Optional Glaze"],
    ["for the topping:75g dried sour cherries", 75, "g", "dried sour cherries", "for the topping"],
  ])("reads the amount after the label in %j, the label as a comment", (line, quantity, unit, name, comment) => {
    expect(parseIngredientLine(line)).toMatchObject({ quantity, unit, name, comment });
  });

  it("takes no label of more than three words or with a number", () => {
    expect(parseIngredientLine("The best sauce ever: 2 eggs").quantity).toBeNull();
    expect(parseIngredientLine("Step 2: 3 eggs").quantity).toBeNull();
  });

  it.each([
    ["A cup of sugar", 1, "cups", "sugar"],
    ["a tablespoon of oil", 1, "tbsp", "oil"],
    ["an 8-oz package cream cheese", 1, "package", "cream cheese"],
  ])("reads %j as one of its measure or pack", (line, quantity, unit, name) => {
    expect(read(line)).toEqual([quantity, unit, name]);
  });

  it("leaves a food or a rough amount after a/an uncounted", () => {
    expect(read("an onion, diced")).toEqual([null, null, "onion"]);
    expect(read("a pinch of salt")).toEqual([null, null, "salt"]);
    expect(read("a drizzle of oil")).toEqual([null, null, "oil"]);
  });

  it.each([
    ["Flour - 2 cups", 2, "cups", "Flour"],
    ["Farine - 185 grammes", 185, "g", "Farine"],
    ["Ground beef, 300 g", 300, "g", "Ground beef"],
    ["Beurre doux : 120 g", 120, "g", "Beurre doux"],
    ["Mlieko: 1 dl", 1, "dl", "Mlieko"],
    ["bloem 200gr", 200, "g", "bloem"],
    ["Kritharaki 275 g", 275, "g", "Kritharaki"],
    ["Flour 1 1/2 cups", 1.5, "cups", "Flour"],
    ["Garlic, 2 cloves, crushed", 2, "clove", "Garlic"],
  ])("reads the amount after the food in %j", (line, quantity, unit, name) => {
    expect(read(line)).toEqual([quantity, unit, name]);
  });

  it("reads no amount after the food without a unit", () => {
    expect(read("Eggs 2")).toEqual([null, null, "Eggs 2"]);
    expect(read("Vitamin B12")).toEqual([null, null, "Vitamin B12"]);
    expect(read("Eggs, 2 large")).toEqual([null, null, "Eggs"]);
  });

  it("counts the food a part is taken from", () => {
    expect(parseIngredientLine("juice of 1 orange")).toMatchObject({ quantity: 1, unit: null, name: "orange", preparation: "juice" });
    expect(parseIngredientLine("finely grated zest of 2 limes")).toMatchObject({ quantity: 2, name: "limes" });
  });
});

describe("parse ingredient line: units", () => {
  it.each([
    ["250g self-raising flour", 250, "g", "self-raising flour"],
    ["1.2kg pork belly", 1.2, "kg", "pork belly"],
    ["3tbsp soy sauce", 3, "tbsp", "soy sauce"],
    ["2 Tbsp. tahini", 2, "tbsp", "tahini"],
    ["1 T honey", 1, "tbsp", "honey"],
    ["2 teaspoons vanilla extract", 2, "tsp", "vanilla extract"],
    ["8 ounces dried spaghetti", 8, "oz", "dried spaghetti"],
    ["1 lb. pork sausages", 1, "lbs", "pork sausages"],
    ["4 fl oz double cream", 4, "fl oz", "double cream"],
    ["300 millilitres coconut milk", 300, "ml", "coconut milk"],
    ["1 pint stout", 1, "pt", "stout"],
    ["2 quarts vegetable broth", 2, "qt", "vegetable broth"],
    ["1 dessertspoon golden syrup", 1, "dessertspoon", "golden syrup"],
    ["1 dozen eggs", 1, "dozen", "eggs"],
    ["2 doz. large eggs", 2, "dozen", "eggs"],
    ["5cm piece fresh ginger", 5, "cm", "piece fresh ginger"],
  ])("reads the unit in %j", (line, quantity, unit, name) => {
    expect(read(line)).toEqual([quantity, unit, name]);
  });

  it.each([
    ["2 sprigs of rosemary", 2, "sprig", "rosemary"],
    ["1 bunch flat-leaf parsley", 1, "bunch", "flat-leaf parsley"],
    ["3 rashers streaky bacon", 3, "rasher", "streaky bacon"],
    ["1 pinch ground nutmeg", 1, "pinch", "ground nutmeg"],
    ["2 ears sweetcorn", 2, "ear", "sweetcorn"],
    ["4 garlic cloves, crushed", 4, "clove", "garlic"],
    ["2 celery sticks, diced", 2, "stick", "celery"],
    ["1 fennel bulb", 1, "bulb", "fennel"],
    ["3 fresh sprigs tarragon", 3, "sprig", "fresh tarragon"],
  ])("reads a counting word as the unit in %j, before or after the food", (line, quantity, unit, name) => {
    expect(read(line)).toEqual([quantity, unit, name]);
  });

  it("keeps a food that is only a counting word, but not a measure", () => {
    expect(read("6 cloves")).toEqual([6, null, "clove"]);
    expect(read("2 tbsp")).toEqual([2, "tbsp", ""]);
  });

  it("does not read a unit out of a longer word", () => {
    expect(read("2 T-bone steaks")).toEqual([2, null, "T-bone steaks"]);
    expect(read("2 green peppers")).toEqual([2, null, "green peppers"]);
    expect(read("1 cupcake case")).toEqual([1, null, "cupcake case"]);
  });

  it("notes how full a measure is", () => {
    expect(parseIngredientLine("2 heaped tbsp Greek yoghurt")).toMatchObject({
      quantity: 2,
      unit: "tbsp",
      name: "Greek yoghurt",
      comment: "heaped",
    });
    expect(parseIngredientLine("1 level tsp baking powder")).toMatchObject({ unit: "tsp", name: "baking powder", comment: "level" });
  });

  it("takes the first of two measures", () => {
    expect(parseIngredientLine("200ml/7fl oz whole milk")).toMatchObject({
      quantity: 200,
      unit: "ml",
      name: "whole milk",
      comment: "7 fl oz",
    });
    expect(parseIngredientLine("100g/3½oz dark chocolate, broken")).toMatchObject({ quantity: 100, unit: "g", name: "dark chocolate" });
  });

  it.each([
    ["1 tablespoon plus 1 teaspoon sugar", 4 / 3, "tbsp", "sugar"],
    ["3/4 cup + 2 tbsp water", 0.875, "cups", "water"],
    ["1 cup plus 2 tablespoons flour", 1.125, "cups", "flour"],
    ["1 lb 4 oz beef", 1.25, "lbs", "beef"],
    ["1 kg 200 g lamb", 1.2, "kg", "lamb"],
  ])("adds the more of a measure in %j", (line, quantity, unit, name) => {
    const parsed = parseIngredientLine(line);
    expect([parsed.quantity, parsed.unit, parsed.name]).toEqual([expect.closeTo(quantity, 9), unit, name]);
  });

  it("reads a range whose top is in another unit", () => {
    expect(parseIngredientLine("2 tablespoons to 1/4 cup water")).toMatchObject({ quantity: 2, upper: 4, unit: "tbsp", name: "water" });
  });

  it.each([
    ["Sugar 2 tbsp plus 1 tsp", 7 / 3, "tbsp", "Sugar"],
    ["Butter: 100 g, softened", 100, "g", "Butter"],
    ["1c. à soupe huile", 1, "tbsp", "huile"],
    ["2càs sucre", 2, "tbsp", "sucre"],
  ])("reads the measure after a food, or against its number, in %j", (line, quantity, unit, name) => {
    const parsed = parseIngredientLine(line);
    expect([parsed.quantity, parsed.unit, parsed.name]).toEqual([expect.closeTo(quantity, 9), unit, name]);
  });

  it("reads half and half as the cream it is", () => {
    expect(parseIngredientLine("Half and half, for serving")).toMatchObject({ quantity: null, name: "Half and half" });
  });

  it("reads a second measure after a bar as after a slash", () => {
    expect(parseIngredientLine("200 g | 7 oz spaghetti")).toMatchObject({ quantity: 200, unit: "g", name: "spaghetti", comment: "7 oz" });
    expect(parseIngredientLine("Spaghetti: 320 g | 11 oz")).toMatchObject({ quantity: 320, unit: "g", name: "Spaghetti" });
  });

  it("keeps a second measure of another system, or more said apart, out of the amount", () => {
    expect(parseIngredientLine("1 cup 240 ml water")).toMatchObject({ quantity: 1, unit: "cups" });
    expect(parseIngredientLine("3 tbsp olive oil plus 2 tbsp for drizzling")).toMatchObject({
      quantity: 3,
      unit: "tbsp",
      name: "olive oil",
    });
    expect(parseIngredientLine("1 tbsp olive oil, plus extra to serve")).toMatchObject({ quantity: 1, unit: "tbsp", name: "olive oil" });
  });
});

describe("parse ingredient line: other languages' amounts", () => {
  it.each([
    ["0,750 l Wasser", 0.75, "L", "Wasser"],
    ["1,250 kg Rindfleisch", 1.25, "kg", "Rindfleisch"],
    ["1,250 g flour", 1250, "g", "flour"],
    ["1\u202f000 g farine", 1000, "g", "farine"],
    ["1 c. à soupe de sucre", 1, "tbsp", "sucre"],
    ["2 c. à café de sel", 2, "tsp", "sel"],
    ["1 càs d'huile d'olive", 1, "tbsp", "huile d'olive"],
    ["2 cuillères à soupe de crème", 2, "tbsp", "crème"],
    ["250 Gramm Butter", 250, "g", "Butter"],
    ["500 g de farine", 500, "g", "farine"],
    ["1 kg de pommes de terre", 1, "kg", "pommes de terre"],
    ["100 g di farina", 100, "g", "farina"],
    ["2 EL Olivenöl", 2, "tbsp", "Olivenöl"],
    ["1 TL Salz", 1, "tsp", "Salz"],
    ["2 msk smør", 2, "tbsp", "smør"],
    ["2 cucharadas de aceite", 2, "tbsp", "aceite"],
    ["2 Esslöffel Joghurt", 2, "tbsp", "Joghurt"],
    ["1 Teelöffel Salz", 1, "tsp", "Salz"],
    ["2 colheres (sopa) de azeite", 2, "tbsp", "azeite"],
    ["1 colher(es) (de chá) de sal", 1, "tsp", "sal"],
    ["1 xícara (chá) de açúcar", 1, "cups", "açúcar"],
    ["2 łyżki oliwy", 2, "tbsp", "oliwy"],
    ["1 łyżeczka cukru", 1, "tsp", "cukru"],
    ["1 szklanka mleka", 1, "cups", "mleka"],
    ["2 evőkanál olaj", 2, "tbsp", "olaj"],
    ["1 teáskanál só", 1, "tsp", "só"],
    ["1,5 çay kaşığı tuz", 1.5, "tsp", "tuz"],
    ["2 yemek kaşığı un", 2, "tbsp", "un"],
    ["140г муки", 140, "g", "муки"],
    ["1 кг картофеля", 1, "kg", "картофеля"],
    ["200 мл молока", 200, "ml", "молока"],
    ["1 ст. л. сахара", 1, "tbsp", "сахара"],
    ["2 ч. л. соли", 2, "tsp", "соли"],
    ["сыр пармезан - 75 г", 75, "g", "сыр пармезан"],
    ["half an onion", 0.5, null, "onion"],
    ["half a lemon, juiced", 0.5, null, "lemon"],
  ])("reads %j", (line, quantity, unit, name) => {
    const parsed = parseIngredientLine(line);
    expect([parsed.quantity, parsed.unit, parsed.name]).toEqual([quantity, unit, name]);
  });
});

describe("parse ingredient line: other languages' counting words", () => {
  it.each([
    ["1 Stk. Zwiebel", "stk", "Zwiebel"],
    ["2 Stück Ei", "stück", "Ei"],
    ["1 Prise(n) Salz", "prise", "Salz"],
    ["1 Bund Petersilie", "bund", "Petersilie"],
    ["2 Zehen Knoblauch", "zehe", "Knoblauch"],
    ["1 Dose Tomaten", "dose", "Tomaten"],
    ["1 Pck. Vanillezucker", "pck", "Vanillezucker"],
    ["3 Scheiben Brot", "scheibe", "Brot"],
    ["2 gousses d'ail", "gousse", "ail"],
    ["2 pièce(s) oignon", "pièce", "oignon"],
    ["1 pincée de sel", "pincée", "sel"],
    ["2 dientes de ajo", "diente", "ajo"],
    ["1 pizca de sal", "pizca", "sal"],
    ["2 teentjes knoflook", "teentje", "knoflook"],
    ["2 takjes tijm", "takje", "tijm"],
    ["1 blik tomaten", "blik", "tomaten"],
    ["2 spicchi d'aglio", "spicchio", "aglio"],
    ["Tortilla pšeničná 2 ks", "ks", "Tortilla pšeničná"],
    ["6 db tojás", "db", "tojás"],
    ["4 шт. яйца", "шт", "яйца"],
  ])("reads the counting word in %j as its unit, singular", (line, unit, name) => {
    const [, readUnit, readName] = read(line);
    expect([readUnit, readName]).toEqual([unit, name]);
  });
});

describe("parse ingredient line: cans and packs", () => {
  it.each([
    ["2 x 400g tins chopped tomatoes", 2, "tin", "chopped tomatoes", "400 g"],
    ["1 x 200g pack feta", 1, "pack", "feta", "200 g"],
    ["1 (14 oz) can black beans", 1, "can", "black beans", "14 oz"],
    ["1 (8-ounce) package cream cheese, softened", 1, "package", "cream cheese", "8-ounce"],
    ["2 14-oz cans coconut milk", 2, "can", "coconut milk", "14 oz"],
    ["1 can (400g) sweetcorn, drained", 1, "can", "sweetcorn", "400 g"],
  ])("counts the packs in %j, with their own size as a comment", (line, quantity, unit, name, comment) => {
    expect(parseIngredientLine(line)).toMatchObject({ quantity, unit, name, comment });
  });

  it("counts the food after a multiplier when there is no pack", () => {
    expect(parseIngredientLine("2 x 180g salmon fillets")).toMatchObject({
      quantity: 2,
      unit: null,
      name: "salmon fillets",
      comment: "180 g",
    });
  });

  it("notes the pack a measure comes in", () => {
    expect(parseIngredientLine("500g pack puff pastry")).toMatchObject({ quantity: 500, unit: "g", name: "puff pastry", comment: "pack" });
  });

  it("keeps a packed food's preparation in its name", () => {
    expect(read("1 tin sliced peaches")).toEqual([1, "tin", "sliced peaches"]);
    expect(read("1 cup sliced peaches")).toEqual([1, "cups", "peaches"]);
  });
});

describe("parse ingredient line: names", () => {
  it.each([
    ["1 large red chilli, finely chopped", "red chilli", "finely chopped", "large"],
    ["2 medium courgettes, grated", "courgettes", "grated", "medium"],
    ["1 small bunch dill", "dill", undefined, "small"],
    ["2 tbsp finely chopped fresh chives", "fresh chives", "finely chopped", undefined],
    ["3 eggs, beaten", "eggs", "beaten", undefined],
    ["50g butter, softened, plus extra for greasing", "butter", "softened", "plus extra for greasing"],
    ["100g walnuts (optional)", "walnuts", undefined, "optional"],
    ["1 onion, halved and thinly sliced", "onion", "halved and thinly sliced", undefined],
    ["2 lemons cut into wedges", "lemons", "cut into wedges", undefined],
    ["1 egg yolk beaten with 1 tbsp milk", "egg yolk", "beaten with 1 tbsp milk", undefined],
    ["2 large eggs, room temperature", "eggs", undefined, "large, room temperature"],
    ["sea salt as needed", "sea salt", undefined, "as needed"],
  ])("reads %j as the food, its preparation and comment", (line, name, preparation, comment) => {
    const parsed = parseIngredientLine(line);
    expect(parsed.name).toBe(name);
    expect(parsed.preparation).toBe(preparation);
    expect(parsed.comment).toBe(comment);
  });

  it("keeps ground spices, but not pepper from the mill", () => {
    expect(read("1 tsp ground coriander")[2]).toBe("ground coriander");
    expect(read("½ tsp freshly ground nutmeg")[2]).toBe("nutmeg");
    expect(read("ground black pepper")[2]).toBe("black pepper");
  });

  it("writes a counting word in the name singular", () => {
    expect(read("10 fresh basil leaves")).toEqual([10, null, "fresh basil leaf"]);
    expect(read("6 cardamom pods, bruised")).toEqual([6, null, "cardamom pod"]);
  });

  it("reads a list of foods across commas, and describing words before one", () => {
    expect(read("2 tbsp olive, rapeseed or sunflower oil")).toEqual([2, "tbsp", "olive rapeseed or sunflower oil"]);
    expect(read("4 boneless, skinless chicken thighs, diced")).toEqual([4, null, "boneless skinless chicken thighs"]);
    expect(read("2 ripe, firm avocados")).toEqual([2, null, "ripe firm avocados"]);
    expect(read("2 trout, cleaned and gutted")).toEqual([2, null, "trout"]);
    expect(read("1 tbsp fresh, chopped dill")).toEqual([1, "tbsp", "fresh dill"]);
    expect(read("brandy, rum or orange juice, to finish")).toEqual([null, null, "brandy rum or orange juice"]);
    expect(read("1 orange, zest and juice")).toEqual([1, null, "orange"]);
  });

  it("leaves an alternative with an amount out of the name", () => {
    expect(parseIngredientLine("1 banana shallot or 2 small shallots")).toMatchObject({
      name: "banana shallot",
      comment: "or 2 small shallots",
    });
  });

  it("reads a line from a bulleted list, and one that is all note", () => {
    expect(read("- 2 eggs")).toEqual([2, null, "eggs"]);
    expect(read("• 1 cup rice")).toEqual([1, "cups", "rice"]);
    expect(parseIngredientLine("to taste")).toEqual({ quantity: null, unit: null, name: "", comment: "to taste" });
  });

  it("reads a blank line as nothing", () => {
    expect(parseIngredientLine("")).toEqual({ quantity: null, unit: null, name: "" });
    expect(parseIngredientLine("   ")).toEqual({ quantity: null, unit: null, name: "" });
  });

  it("reads a long line of spaces and dashes in a moment", () => {
    // CPU time, not the wall clock, so a busy machine can't fail it; a pattern that backtracks takes seconds here.
    const started = process.cpuUsage();
    parseIngredientLine(`1${" ".repeat(50_000)}+${"- ".repeat(20_000)}cups sugar`);
    const { user, system } = process.cpuUsage(started);
    expect((user + system) / 1000).toBeLessThan(200);
  });
});

describe("recipeIngredientFromLine", () => {
  it("keeps the printed line beside its quantity, unit and name", () => {
    expect(recipeIngredientFromLine(" 1 1/2 cups plain flour, sifted ")).toEqual({
      name: "plain flour",
      quantity: 1.5,
      unit: "cups",
      original: "1 1/2 cups plain flour, sifted",
    });
  });

  it("keeps a range as words and a line with no amount with an empty quantity", () => {
    expect(recipeIngredientFromLine("3-4 garlic cloves, crushed")).toMatchObject({ name: "garlic", quantity: "3-4", unit: "clove" });
    expect(recipeIngredientFromLine("Salt and pepper to taste")).toMatchObject({ quantity: "", unit: "" });
  });

  it("shortens fractions", () => {
    expect(recipeIngredientFromLine("1/3 cup milk").quantity).toBe(0.333);
  });

  it.each(["2 tbsp", "6 large or 8 medium celery stalks, thinly sliced on a diagonal", "0 As required salt"])(
    "keeps %j as written when no name can be read, with no amount to scale",
    (line) => {
      expect(recipeIngredientFromLine(line)).toEqual({ name: line, quantity: "", unit: "", original: line });
    },
  );

  it("fits what the recipe schema takes, whatever the line's length", () => {
    const long = `2 cups ${"very ".repeat(200)}fine sugar`;
    const ingredient = recipeIngredientFromLine(long);
    expect(recipeIngredientSchema.safeParse(ingredient).success).toBe(true);
    expect(ingredient.original).toHaveLength(500);
  });
});

describe("parseIngredientLine: work grows with the line, not faster", () => {
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  /** The least CPU time of a few rounds of parsing `line`: one round may be slowed by a collection. */
  const workOf = (line: string) => {
    let least = Infinity;
    for (let run = 0; run < 3; run++) {
      const start = cpuMs();
      for (let i = 0; i < 20; i++) parseIngredientLine(line);
      least = Math.min(least, cpuMs() - start);
    }
    return least;
  };

  // A run of digits was read again from each of its digits looking for a comma: 8 times the line cost 50 times as much.
  it("500 digits: 8 times the line, at most 20 times the work", () => {
    const line = "1".repeat(500);
    const small = workOf(line);
    const large = workOf(line.repeat(8));
    expect(large / Math.max(small, 3)).toBeLessThan(20);
  });
});
