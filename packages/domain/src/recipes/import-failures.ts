/**
 * The AI service's failures. They answer 502 and 504 as a site that could not be reached does, and the import dialog
 * tells them apart by these texts: only a site's failure is the address field's business.
 */
export const AI_SERVICE_UNAVAILABLE = "The AI service is unavailable right now. Try again later.";
export const AI_SERVICE_TIMED_OUT = "The AI service did not answer in time. Try again later.";

/**
 * The ingredient lines one import's answer parses, in all (the API parses them on its main thread). A cookbook's worth
 * fits (300 recipes of 13 lines), and always one recipe of the most the form keeps (300 lines of 500 characters).
 */
export const ANSWER_INGREDIENTS = { lines: 4_000, characters: 200_000 } as const;

/** What the import dialog tells of the recipes an answer left out past ANSWER_INGREDIENTS. */
export const recipesLeftOut = (count: number) =>
  `${count === 1 ? "One more recipe was" : `${count.toLocaleString("en-US")} more recipes were`} left out: one import reads at most ${ANSWER_INGREDIENTS.lines.toLocaleString("en-US")} ingredient lines of ${ANSWER_INGREDIENTS.characters.toLocaleString("en-US")} characters in all. Import the rest from a file or page with fewer recipes.`;
