import { useState } from "react";

/**
 * True from the first time `open` is true on: a dialog whose code loads when first wanted mounts then and stays
 * mounted, so closing it keeps its animation and focus handling.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Set during render (React's way to follow a prop): the dialog mounts in the same render that opens it.
  if (open && !opened) setOpened(true);
  return opened || open;
}
