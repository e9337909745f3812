import { lazy, Suspense, useState, type ComponentType } from "react";

/**
 * A dialog whose code loads when it is first opened rather than with the page. It renders nothing until then, and
 * from its first opening on stays mounted (inside Suspense), so closing keeps its animation and focus handling.
 * `load` is the page's own import, which it also calls on intent (pointer or focus on what opens it) to start the
 * download early; `isOpen` reads the dialog's open state from its props.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    const opened = useOpenedOnce(isOpen(props));
    return opened ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  };
}

/** True from the first time `open` is true on. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Set during render (React's way to follow a prop): the dialog mounts in the same render that opens it.
  if (open && !opened) setOpened(true);
  return opened || open;
}
