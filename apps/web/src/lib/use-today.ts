import { useEffect, useState } from "react";
import { localDate } from "@kim/domain";

/** Milliseconds from now to the next local midnight. */
function untilMidnight(): number {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() - now.getTime();
}

/**
 * The cook's local date (yyyy-MM-dd), kept current: a page left open past midnight moves to the new day then, and
 * again whenever the cook comes back to the tab, since a hidden tab's or a sleeping laptop's timers run late and the
 * clock or zone may have changed meanwhile.
 */
export function useToday(): string {
  const [today, setToday] = useState(localDate);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Armed again each time: a timer that fires a little early finds the same day and waits out the rest.
    const update = () => {
      setToday(localDate());
      clearTimeout(timer);
      timer = setTimeout(update, untilMidnight());
    };
    update();
    document.addEventListener("visibilitychange", update);
    window.addEventListener("focus", update);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", update);
      window.removeEventListener("focus", update);
    };
  }, []);
  return today;
}
