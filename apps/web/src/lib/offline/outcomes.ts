import { useSyncExternalStore } from "react";
import { onCleared, type OutboxKind } from "./outbox";

/** What became of a change made offline that could not be applied as made, as the cook reads it. */
export interface OutcomeText {
  title: string;
  description: string;
}

const NONE: OutcomeText[] = [];

/** What each feature's replay could not apply as made, until the cook has read it (decision 0038). */
const outcomes = new Map<OutboxKind, OutcomeText[]>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Says to the cook, on the feature's page, what a change made offline became. */
export function tellOutcome(kind: OutboxKind, outcome: OutcomeText): void {
  outcomes.set(kind, [...(outcomes.get(kind) ?? NONE), outcome]);
  changed();
}

export function dismissOutcomes(kind: OutboxKind): void {
  outcomes.delete(kind);
  changed();
}

/** What the feature's replay could not apply as made, redrawn as it grows. */
export const useOutcomes = (kind: OutboxKind): OutcomeText[] =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => outcomes.get(kind) ?? NONE,
  );

// Signed out: the next cook on this device sees none of these.
onCleared(() => {
  outcomes.clear();
  changed();
});
