import { useState } from "react";
import { TIMER_SOUND_KEY, timerSound, type TimerSound } from "@kim/domain";

// The choice made on this page, for when storage is blocked.
let chosen: TimerSound | null = null;

/** The cook's chosen timer sound, read when a timer finishes so a change applies to timers already running. */
export function storedTimerSound(): TimerSound {
  try {
    return timerSound(localStorage.getItem(TIMER_SOUND_KEY));
  } catch {
    return chosen ?? timerSound(null);
  }
}

/** The sound picker's value, kept under the spec's localStorage key (one choice for every recipe). */
export function useTimerSound(): [TimerSound, (sound: TimerSound) => void] {
  const [sound, setSound] = useState(storedTimerSound);
  const choose = (next: TimerSound) => {
    setSound(next);
    chosen = next;
    try {
      localStorage.setItem(TIMER_SOUND_KEY, next);
    } catch {
      // Storage blocked: the choice lasts while the page is open.
    }
  };
  return [sound, choose];
}
