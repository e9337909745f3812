/**
 * What the live stream (GET /api/events, decision 0037) tells browsers of: the kinds of shared data whose changes
 * open screens hear, and the event id naming the versions of them a browser is up to ("12.4.30.2", in LIVE_KINDS'
 * order). The API writes ids on its stream and tRPC answers; the web app reads them.
 */
export const LIVE_KINDS = ["shoppingList", "mealPlan", "inventory", "recipes"] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

/** Each kind's version in one household. */
export type LiveVersions = Record<LiveKind, number>;

export function liveEventId(versions: LiveVersions): string {
  return LIVE_KINDS.map((kind) => versions[kind]).join(".");
}

const EVENT_ID = /^\d{1,15}(\.\d{1,15}){3}$/;

/** Versions from an event id; null when it is not one. */
export function parseLiveEventId(id: string): LiveVersions | null {
  if (!EVENT_ID.test(id)) return null;
  const numbers = id.split(".").map(Number);
  return Object.fromEntries(LIVE_KINDS.map((kind, i) => [kind, numbers[i]!])) as LiveVersions;
}

/** The header of a tRPC answer giving the event id of the versions its reads started from. */
export const LIVE_ID_HEADER = "Kim-Live-Id";
