import { useDeferredValue, useState } from "react";

/**
 * `initial` until `value` first differs from it, then `value` drawn in a background render that yields to the browser
 * every few milliseconds, so a long list arriving with the page's data never blocks the page as one long task (on a
 * phone, a shopping list of a hundred rows was a 120 ms task). Changes after that first draw show at once, as a plain
 * value would: a row removed is gone when the effects that move focus run.
 */
export function useDeferredFirst<T>(value: T, initial: T): T {
  const deferred = useDeferredValue(value, initial);
  const [drawn, setDrawn] = useState(false);
  if (!drawn && deferred === value && value !== initial) setDrawn(true);
  return drawn ? value : deferred;
}
