/**
 * Cooking mode keeps its state in localStorage, per recipe, so a reload (or a phone that dropped the tab) does not
 * lose the cook's place. Stored values are checked on the way in: storage may be full, blocked, edited by hand or
 * left over from an older version of the recipe.
 */

const storageKey = (recipeId: string, part: string) => `kim:cooking:${recipeId}:${part}`;

export function readStored(recipeId: string, part: string): unknown {
  try {
    const text = localStorage.getItem(storageKey(recipeId, part));
    if (text === null) return null;
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return null;
  }
}

export function writeStored(recipeId: string, part: string, value: unknown): void {
  try {
    localStorage.setItem(storageKey(recipeId, part), JSON.stringify(value));
  } catch {
    // Storage full or blocked (private mode): the state lasts until the page closes.
  }
}

/** A field of a stored object, or undefined. */
export function field(raw: unknown, key: string): unknown {
  return typeof raw === "object" && raw !== null ? Reflect.get(raw, key) : undefined;
}
