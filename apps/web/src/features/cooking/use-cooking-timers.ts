import { useCallback, useEffect, useRef, useState } from "react";
import { createTimer, MAX_TIMER_MINUTES, resetTimer, tickTimer, toggleTimer, type CookingTimer } from "@kim/domain";
import { toast } from "@kim/ui/lib/use-toast";
import { field, readStored, writeStored } from "./cooking-storage";
import { askNotificationPermission, notifyTimerComplete } from "./timer-notifications";
import { storedTimerSound } from "./timer-sound-choice";
import { playTimerSound, unlockTimerAudio } from "./timer-sounds";

const TICK_MS = 1000;
const MAX_SECONDS = MAX_TIMER_MINUTES * 60;

const isSeconds = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

/** A stored timer as it was written, or null: a hand-edited or outdated entry is dropped rather than trusted. */
function storedTimer(raw: unknown): CookingTimer | null {
  const [id, name, duration, remaining, isRunning, endsAt, stepKey] = [
    "id",
    "name",
    "duration",
    "remaining",
    "isRunning",
    "endsAt",
    "stepKey",
  ].map((key) => field(raw, key));
  if (typeof id !== "string" || typeof name !== "string" || typeof isRunning !== "boolean") return null;
  if (!isSeconds(duration) || duration === 0 || duration > MAX_SECONDS || !isSeconds(remaining) || remaining > duration) return null;
  // A timer saved before step timers had keys has none: it is found by its name.
  const timer = { id, name, duration, remaining, ...(typeof stepKey === "string" && { stepKey }) };
  if (!isRunning) return endsAt === null ? { ...timer, isRunning, endsAt } : null;
  return typeof endsAt === "number" && Number.isFinite(endsAt) ? { ...timer, isRunning, endsAt } : null;
}

function loadTimers(recipeId: string): CookingTimer[] {
  const stored = readStored(recipeId, "timers");
  return Array.isArray(stored) ? stored.map(storedTimer).filter((t) => t !== null) : [];
}

let lastId = 0;
// Not crypto.randomUUID: that exists only on https pages.
const newTimerId = () => `${Date.now().toString(36)}-${(lastId++).toString(36)}`;

/** The spec's finish: the chosen sound, the notification when allowed, and a toast for a cook without them. */
function announceFinished(timer: CookingTimer): void {
  playTimerSound(storedTimerSound());
  notifyTimerComplete(timer.name);
  toast({ title: `Timer Complete: ${timer.name}`, description: "Your cooking timer has finished!" });
}

export type CookingTimers = ReturnType<typeof useCookingTimers>;

/**
 * The cooking timers of one recipe. A running timer counts down to its end time, read from the clock every second
 * and whenever the tab is shown again, so a throttled or sleeping tab still finishes on time; for the same reason the
 * timers survive a reload (kept in localStorage).
 */
export function useCookingTimers(recipeId: string) {
  const [timers, setTimersState] = useState(() => loadTimers(recipeId));
  // The timers as of the last change, for the tick, which runs outside React's render.
  const latest = useRef(timers);
  const setTimers = useCallback(
    (next: CookingTimer[]) => {
      latest.current = next;
      setTimersState(next);
      writeStored(recipeId, "timers", next);
    },
    [recipeId],
  );
  const change = (id: string, f: (timer: CookingTimer) => CookingTimer) => setTimers(latest.current.map((t) => (t.id === id ? f(t) : t)));

  const running = timers.some((t) => t.isRunning);
  useEffect(() => {
    if (!running) return;
    const tick = () => {
      const now = Date.now();
      const results = latest.current.map((t) => tickTimer(t, now));
      if (results.every((r, i) => r.timer === latest.current[i])) return;
      setTimers(results.map((r) => r.timer));
      for (const r of results) if (r.finished) announceFinished(r.timer);
    };
    // At once too: a timer restored after a reload may have ended while the page was closed.
    tick();
    const interval = setInterval(tick, TICK_MS);
    document.addEventListener("visibilitychange", tick);
    return () => {
      clearInterval(interval);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [running, setTimers]);

  /** Starting is a click, which is when a browser lets the page prepare sound and ask about notifications. */
  const started = () => {
    void unlockTimerAudio();
    askNotificationPermission();
  };

  return {
    timers,
    add: (name: string, seconds: number, start = false, stepKey?: string) => {
      const timer = createTimer(newTimerId(), name, seconds, stepKey);
      if (start) started();
      setTimers([...latest.current, start ? toggleTimer(timer, Date.now()) : timer]);
    },
    toggle: (id: string) => {
      if (latest.current.some((t) => t.id === id && !t.isRunning)) started();
      change(id, (t) => toggleTimer(t, Date.now()));
    },
    reset: (id: string) => change(id, resetTimer),
    remove: (id: string) => setTimers(latest.current.filter((t) => t.id !== id)),
  };
}
