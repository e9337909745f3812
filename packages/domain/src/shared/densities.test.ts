import { describe, expect, it } from "vitest";
import { convertIngredient } from "./densities";
import { ingredientKey } from "../shopping/shopping";

const convert = (name: string, value: number, from: string, to: string) => {
  const result = convertIngredient(ingredientKey(name), value, from, to);
  return result === null ? null : Math.round(result * 100) / 100;
};

describe("convert an ingredient", () => {
  it("converts within a measure by size, whatever the ingredient", () => {
    expect(convert("anything", 2, "kg", "g")).toBe(2000);
    expect(convert("anything", 1, "cups", "tbsp")).toBe(16);
    expect(convert("Anything", 3, "units", "units")).toBe(3);
    expect(convert("Anything", 2, "dozen", "units")).toBe(24);
  });

  it.each([
    ["Flour", 2.5, "cups", "g", 300],
    ["All-purpose flour, sifted", 1, "cup", "g", 120],
    ["Sugar", 1, "cups", "g", 198],
    ["Brown sugar (packed)", 1, "cups", "g", 213],
    ["Unsalted butter, softened", 0.5, "cups", "g", 113.5],
    ["Salt", 1, "tsp", "g", 6],
    ["Milk", 1, "cups", "g", 244],
    ["Honey", 336, "g", "cups", 1],
    ["Peanut butter", 1, "cups", "g", 270],
    ["Olive oil", 2, "tbsp", "g", 27.25],
    ["Whole milk", 1, "cup", "g", 244],
    ["Chopped onion", 1, "cup", "g", 160],
    ["Egg", 1, "cups", "g", 243],
  ])("converts %s by its density: %s %s is %s %s", (name, value, from, to, expected) => {
    expect(convert(name, value, from, to)).toBe(expected);
  });

  it.each([
    ["Eggs", 2, "units", "g", 100],
    ["Large eggs", 150, "g", "units", 3],
    ["Onion", 1, "units", "g", 110],
    ["Garlic", 2, "cloves", "g", 6],
    ["Garlic cloves", 2, "units", "g", 6],
    ["Butter", 1, "stick", "g", 113],
    ["Butter", 2, "sticks", "cups", 1],
    ["Eggs", 1, "cups", "units", 4.86],
    ["Eggs, large", 3, "units", "g", 150],
    ["Red onions", 2, "units", "g", 220],
    ["Tomatoes", 1, "units", "g", 123],
    ["Garlic", 1, "head", "g", 30],
    ["Garlic", 1, "bulb", "cloves", 10],
    ["Garlic heads", 2, "units", "g", 60],
    ["Eggs", 1, "dozen", "g", 600],
    ["Eggs", 1, "dozen", "units", 12],
  ])("converts counted %s by the weight of one: %s %s is %s %s", (name, value, from, to, expected) => {
    expect(convert(name, value, from, to)).toBe(expected);
  });

  it.each([
    ["Saffron", 1, "tsp", "g"],
    ["Onion", 1, "bag", "g"],
    ["Garlic", 1, "units", "g"],
    ["Garlic", 2, "cloves", "units"],
    ["Chicken breast", 1, "units", "g"],
    ["Flour", 1, "bag", "cups"],
    // A describing first word is not the food: only a match ending at the name's last word counts.
    ["Egg noodles", 2, "cups", "g"],
    ["Milk chocolate", 1, "cups", "g"],
    ["Butter beans", 1, "cups", "g"],
    ["Apple cider vinegar", 1, "units", "g"],
    ["Tomato paste", 1, "units", "g"],
    ["Garlic powder", 1, "units", "g"],
    // A unit of a canned, jarred, packed or dried food is a can, a jar, a pack or a dried one: not a fresh one's weight.
    ["Canned tomatoes", 1, "units", "g"],
    ["Tinned chopped tomatoes", 2, "units", "g"],
    ["Can of tomatoes", 1, "units", "g"],
    ["Jar of roasted red peppers", 1, "units", "g"],
    ["Dried apricots", 1, "units", "g"],
    ["Dried chilli", 1, "units", "g"],
    ["Packet of mushrooms", 1, "units", "g"],
  ])("does not convert %s from %d %s to %s", (name, value, from, to) => {
    expect(convert(name, value, from, to)).toBeNull();
  });
});
