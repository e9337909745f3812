import { useEffect, useState } from "react";
import { request } from "./idb";
import { waitingOf, type Marked } from "./saving";

/** Changes kept on the device and not yet saved, for the offline indicator. */
const listeners = new Set<() => void>();

/** Tells the indicator that the changes kept on the device changed. */
export const waitingChanged = () => listeners.forEach((listener) => listener());

async function countWaiting(): Promise<number> {
  try {
    const all = await request<Marked[]>("changes", "readonly", (store) => store.getAll() as IDBRequest<Marked[]>);
    return (await waitingOf(all)).length;
  } catch {
    return 0;
  }
}

/** How many changes wait on the device, kept up to date. */
export function useWaitingCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    const refresh = () => void countWaiting().then((n) => live && setCount(n));
    refresh();
    listeners.add(refresh);
    return () => {
      live = false;
      listeners.delete(refresh);
    };
  }, []);
  return count;
}
