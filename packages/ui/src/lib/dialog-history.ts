/**
 * Back closes the dialog on top (decision 0052). An open dialog has a history entry of its own above the page's: the
 * same address, the page's state and a marker. Back lands on the entry below, and the dialog closes; closed any other
 * way, it goes back over its entry, so history is as if it had never opened. The router never sees these entries or
 * their traversals: it keeps the page's location throughout, runs no loader, moves no scroll and asks no blocker.
 *
 * The router's own history writes pass through here (`installDialogHistory` wraps `pushState` and `replaceState`
 * before the router is made): a navigation from over dialogs takes the place of their entries, so Back afterwards goes
 * where it went without them; a write that comes while one of our traversals is on its way waits for it to land.
 *
 * No traversal of ours once the page has set out for another document (a `location.assign`, a link or form out of the
 * app): a `history.go` then calls that navigation off (Chromium aborts it, net::ERR_ABORTED), and a dialog unmounted as
 * the page goes (its page swapped for another as the session ends) would keep the cook from where they were sent. Its
 * entry stays: if the page is shown again, from the back/forward cache or loaded anew on that entry, it steps back
 * off it unseen, as after a reload.
 */

const MARK = "kimDialog";

interface Marker {
  id: string;
  /** 1 for the first dialog's entry above the page's, 2 for one over it, ... */
  depth: number;
}

interface Held {
  id: string;
  close: () => void;
}

type StateRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is StateRecord => typeof value === "object" && value !== null;

function markerOf(state: unknown): Marker | null {
  const marker = isRecord(state) ? state[MARK] : undefined;
  return isRecord(marker) && typeof marker.id === "string" && typeof marker.depth === "number"
    ? { id: marker.id, depth: marker.depth }
    : null;
}

/** A state as the page wrote it, without a dialog's marker. */
function withoutMarker(state: unknown): unknown {
  if (!isRecord(state) || !(MARK in state)) return state;
  const { [MARK]: _marker, ...rest } = state;
  return rest;
}

function marked(state: unknown, marker: Marker): StateRecord {
  const clean = withoutMarker(state);
  return { ...(isRecord(clean) ? clean : {}), [MARK]: marker };
}

/** The router's key of an entry (the page's entry and its dialogs' entries share it). */
const keyOf = (state: unknown): unknown => (isRecord(state) ? (state.__TSR_key ?? state.key) : undefined);

/** How long a traversal of ours may take to land before writes stop waiting for it (it always lands within a frame). */
const LANDING_MS = 1000;

let installed = false;
/** Dialogs whose entries are in the browser's history, bottom first: `held[i]` has the entry at depth i + 1. */
const held: Held[] = [];
/** The page's entry below them. */
let pageKey: unknown;
/** An address the page moved to (a replace) while dialogs were open: the page's entry takes it when Back reaches it. */
let pageMoved: { state: unknown; url: string } | null = null;
/** Our own traversals on their way, whose popstate the router must not see. */
let awaiting = 0;
let landingTimer: ReturnType<typeof setTimeout> | undefined;
/** History writes that wait for those traversals to land. */
const queue: (() => void)[] = [];
let count = 0;
/** The state of the entry the window is on, as last written or reached. */
let current: unknown;

/** The browser's own writes, bypassing the router's wrapper and ours. */
function write(kind: "pushState" | "replaceState", state: unknown, url?: string | URL | null): void {
  History.prototype[kind].call(window.history, state, "", url);
  current = window.history.state;
}

function run(change: () => void): void {
  if (awaiting > 0) queue.push(change);
  else change();
}

function drain(): void {
  while (awaiting === 0 && queue.length > 0) queue.shift()?.();
}

/**
 * Whether the page has set out for another document and is still on its way: the Navigation API's `navigate` event
 * for a navigation out of this document (not called off by another listener, not a download), or where there is no
 * Navigation API, a `beforeunload` that no listener held back; and from `pagehide` on. Null while the page stays.
 */
let leaving: (() => boolean) | null = null;

const isLeaving = (): boolean => leaving?.() ?? false;

/** The parts of the Navigation API's `navigate` event read here (not in every browser, nor in TypeScript's DOM types). */
interface NavigateEventLike extends Event {
  destination: { sameDocument: boolean };
  downloadRequest?: string | null;
}

function watchLeaving(): void {
  const navigation = (window as { navigation?: EventTarget }).navigation;
  if (navigation) {
    navigation.addEventListener("navigate", (event) => {
      const navigate = event as NavigateEventLike;
      if (navigate.destination.sameDocument || navigate.downloadRequest) return;
      // Read when a traversal is wanted, not now: a listener after this one may still call it off.
      leaving = () => !navigate.defaultPrevented;
    });
  } else {
    window.addEventListener("beforeunload", (event) => {
      leaving = () => !event.defaultPrevented && !(typeof event.returnValue === "string" && event.returnValue !== "");
    });
  }
  window.addEventListener("pagehide", () => {
    leaving = () => true;
  });
  window.addEventListener("pageshow", (event) => {
    leaving = null;
    if (!event.persisted) return;
    // Back on this page from the one it left for, kept whole: a dialog that closed as it left has its entry still
    // here, so back off it to the entry of the dialog still open under it, or the page's, unseen.
    current = window.history.state;
    const marker = markerOf(current);
    if (marker && marker.depth > held.length) goBack(marker.depth - held.length);
  });
}

/** Goes back over our own entries, unseen by the router; not while the page is leaving (see the top). */
function goBack(steps: number): void {
  if (isLeaving()) return;
  awaiting += 1;
  clearTimeout(landingTimer);
  landingTimer = setTimeout(() => {
    awaiting = 0;
    drain();
  }, LANDING_MS);
  window.history.go(-steps);
}

function landed(): void {
  current = window.history.state;
  awaiting = Math.max(0, awaiting - 1);
  if (awaiting > 0) return;
  clearTimeout(landingTimer);
  drain();
}

/** Gives the entry Back reached the address the page moved to meanwhile. */
function catchUp(state: unknown): void {
  if (!pageMoved) return;
  const marker = markerOf(state);
  write("replaceState", marker ? marked(pageMoved.state, marker) : pageMoved.state, pageMoved.url);
  if (marker) return;
  pageKey = keyOf(pageMoved.state);
  pageMoved = null;
}

function onPopState(event: PopStateEvent): void {
  if (awaiting > 0) {
    event.stopImmediatePropagation();
    catchUp(event.state);
    landed();
    return;
  }
  // A traversal not of ours landed: the page stays, whatever navigation out of it was on its way (Back calls it off).
  leaving = null;
  const marker = markerOf(event.state);
  const at = marker ? held.findIndex((entry) => entry.id === marker.id) : -1;
  const onThisPage = held.length > 0 && (marker ? at >= 0 : keyOf(event.state) === pageKey);
  if (onThisPage) {
    // Back over dialogs' entries: those dialogs close, top first; the page stays, and the router knows of nothing.
    event.stopImmediatePropagation();
    const closing = held.splice(marker ? at + 1 : 0);
    catchUp(event.state);
    current = window.history.state;
    for (const entry of closing.reverse()) entry.close();
    return;
  }
  const from = current;
  current = event.state;
  if (!marker && markerOf(from) && keyOf(event.state) === keyOf(from)) {
    // Back off the entry of a dialog that closed as the page set out to leave, and the page stayed: it is the page's.
    event.stopImmediatePropagation();
    return;
  }
  if (marker && at < 0 && keyOf(event.state) === keyOf(from)) {
    // Forward onto the entry of a dialog closed since (or open before a reload): back off it, unseen.
    event.stopImmediatePropagation();
    goBack(1);
    return;
  }
  // Anywhere else is the router's business; the dialogs here no longer have entries.
  held.length = 0;
  pageMoved = null;
  // Reached the entry of a dialog closed since from another page: the router shows its page; back to that page's own.
  if (marker && at < 0) goBack(marker.depth);
}

/**
 * Makes Back close dialogs in this window. Call it once, before the router is made (so its history writes pass
 * through here). Without it, dialogs leave history alone.
 */
export function installDialogHistory(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  const history = window.history;
  current = history.state;
  window.addEventListener("popstate", onPopState, { capture: true });
  watchLeaving();
  history.pushState = function pushState(state: unknown, _unused: string, url?: string | URL | null) {
    run(() => {
      const clean = withoutMarker(state);
      const depth = held.length;
      if (depth === 0) return write("pushState", clean, url);
      // A navigation from over dialogs (a link in the menu, a dialog's save that opens a page) takes the place of
      // their entries: Back from the new page goes to this one, as it did without them.
      held.length = 0;
      pageMoved = null;
      if (depth > 1) {
        goBack(depth - 1);
        run(() => write("replaceState", clean, url));
      } else write("replaceState", clean, url);
    });
  };
  history.replaceState = function replaceState(state: unknown, _unused: string, url?: string | URL | null) {
    run(() => {
      const clean = withoutMarker(state);
      const top = held.at(-1);
      if (!top) return write("replaceState", clean, url);
      // The page moved in place under a dialog: its entry takes the new address, and the page's when Back reaches it.
      pageMoved = { state: clean, url: url == null ? window.location.href : new URL(url, window.location.href).href };
      write("replaceState", marked(clean, { id: top.id, depth: held.length }), url);
    });
  };
  // Opened on a dialog's entry (a reload with a dialog open): the dialog is gone, so back to the page's entry.
  const marker = markerOf(history.state);
  if (marker) goBack(marker.depth);
}

/**
 * Gives an open dialog an entry in history, so that Back closes it (`close` is called). The function returned is
 * called when it closes by any means: it goes back over its entry if that is still where the cook is.
 */
export function holdBackForDialog(close: () => void): () => void {
  if (!installed) return () => undefined;
  count += 1;
  const entry: Held = { id: `${Date.now().toString(36)}-${count}`, close };
  let closed = false;
  run(() => {
    if (closed) return;
    const here: unknown = window.history.state;
    if (held.length === 0) pageKey = keyOf(here);
    held.push(entry);
    write("pushState", marked(here, { id: entry.id, depth: held.length }));
  });
  return () => {
    closed = true;
    run(() => {
      const at = held.indexOf(entry);
      // Gone already: Back closed it, or a navigation took its entry's place.
      if (at < 0) return;
      const steps = held.length - at;
      held.splice(at);
      // Closed as the page leaves for another document (its page unmounted as the session ended, say): no traversal,
      // which would call that navigation off; its entry stays until the page is shown again (goBack, watchLeaving).
      goBack(steps);
    });
  };
}
