import { toast } from "@kim/ui/lib/use-toast";
import { saveOpenDrafts } from "./form-draft";

/** Sign-in entry the server answers for expired sessions. */
export const LOGIN_ENTRY = "/api/login";
/** Spec: logout and unauthorized redirect wait 500 ms, so the toast can be read. */
export const SIGN_OUT_DELAY_MS = 500;

let lost = false;
/** Set once the page was sent to a page for the signed-out (leaveSignedOut): the sign-in redirect then stays away. */
let sentAway = false;
/** Steps under way that may end the session on purpose and send the page elsewhere (holdSignInRedirect). */
let holds = 0;
/** The sign-in redirect's delay is over: it goes once no step holds it. */
let redirectDue = false;

const redirectIfDue = () => {
  // Not over a page the cook was sent to meanwhile: this later navigation would call that one off.
  if (redirectDue && holds === 0 && !sentAway) goToLoginEntry();
};

/** True once the session was found gone and the redirect to the sign-in entry is under way. */
export function isSessionLost(): boolean {
  return lost;
}

/** Full page navigation: the sign-in entry is served by the API, not the SPA. */
export function goToLoginEntry(): void {
  window.location.href = LOGIN_ENTRY;
}

/**
 * The session ended under the user's feet (a call answered Unauthorized, or the current user came back empty):
 * keep what open forms hold, say so, and go to the sign-in entry after the spec's 500 ms. Runs once.
 */
export function signalSessionLost(): void {
  if (lost) return;
  lost = true;
  saveOpenDrafts();
  // The toaster's code loads with the first toast; waiting for it keeps the message on screen for the whole delay.
  // The toast is final: the screen's own failure toast ("Failed to add ingredient"), which its onError may raise
  // before or after this one, never replaces it.
  void import("@kim/ui/toaster")
    .catch(() => undefined)
    .then(() => {
      toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive", final: true });
      setTimeout(() => {
        redirectDue = true;
        redirectIfDue();
      }, SIGN_OUT_DELAY_MS);
    });
}

/**
 * Sends the cook to `url`, a page for the signed-out, once the session is known to be gone with what they did (the
 * goodbye page after the account was deleted). Any Unauthorized answer still to come, or the sign-in redirect one
 * already started, leaves that navigation alone: a redirect to the sign-in entry 500 ms on called it off whenever the
 * page took longer than that to load.
 */
export function leaveSignedOut(url: string): void {
  lost = true;
  sentAway = true;
  window.location.assign(url);
}

/**
 * Holds the sign-in redirect while a step that ends the session on purpose is under way (deleting the account): the
 * session found gone meanwhile (the live stream's news of the deletion) would otherwise send the cook to sign in 500 ms
 * on, calling off the goodbye page the step sends them to once it knows it succeeded. Answers the release, which may be
 * called more than once; the redirect goes then if it is still due.
 */
export function holdSignInRedirect(): () => void {
  holds++;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    holds--;
    redirectIfDue();
  };
}
