import { Component, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { isChunkLoadError, reportChunkFailure, retryingLoader } from "./chunk-load";

interface DialogProps {
  onOpenChange: (open: boolean) => void;
}

/**
 * A dialog whose code loads when it is first opened rather than with the page. It renders nothing until then, and
 * from its first opening on stays mounted, so closing keeps its animation and focus handling. `load` is the page's own
 * import, which it also calls on intent (pointer or focus on what opens it) to start the download early; `isOpen`
 * reads the dialog's open state from its props.
 *
 * When the code cannot be loaded (offline, or a redeploy removed the file) the dialog closes itself through
 * `onOpenChange(false)`, the notice says why (chunk-load.ts), and the next opening tries again; the page stays as it
 * was. A failure while drawing the dialog is caught here too, not by the page's error boundary.
 */
export function lazyDialog<P extends DialogProps>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const loader = retryingLoader(load);
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const opened = useOpenedOnce(open);
    const [, setLoaded] = useState(0);
    const Dialog = loader.current();
    const { onOpenChange } = props;
    useEffect(() => {
      if (!open || Dialog) return;
      let current = true;
      loader.load().then(
        () => current && setLoaded((n) => n + 1),
        () => current && onOpenChange(false),
      );
      return () => {
        current = false;
      };
    }, [open, Dialog, onOpenChange]);
    return opened && Dialog ? (
      <LocalBoundary onError={() => onOpenChange(false)} resetKey={open}>
        <Dialog {...props} />
      </LocalBoundary>
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

interface LocalBoundaryProps {
  children: ReactNode;
  onError: () => void;
  /** A change (the next opening) draws the children again. */
  resetKey: unknown;
}

/** Keeps a failure inside a lazily loaded part (its own lazy code, a bug) to that part: it closes, the page stays. */
class LocalBoundary extends Component<LocalBoundaryProps, { failed: boolean; resetKey: unknown }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: LocalBoundaryProps, state: { failed: boolean; resetKey: unknown }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) reportChunkFailure();
    else console.error(error);
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A part of a page whose code loads when it is first drawn: `fallback` shows meanwhile, and if the code cannot be
 * loaded, `failed` (given a retry) instead of an error page; it tries again by itself when the browser is back online.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode,
  failed: (retry: () => void) => ReactNode,
): ComponentType<P> {
  const loader = retryingLoader(load);
  return function LazyPart(props: P) {
    const [failure, setFailure] = useState(false);
    const [, setLoaded] = useState(0);
    const Part = loader.current();
    useEffect(() => {
      if (Part || failure) return;
      let current = true;
      loader.load().then(
        () => current && setLoaded((n) => n + 1),
        () => current && setFailure(true),
      );
      return () => {
        current = false;
      };
    }, [Part, failure]);
    useEffect(() => {
      if (!failure) return;
      const retry = () => setFailure(false);
      window.addEventListener("online", retry);
      return () => window.removeEventListener("online", retry);
    }, [failure]);
    if (failure) return failed(() => setFailure(false));
    if (!Part) return fallback;
    return (
      <LocalBoundary onError={() => setFailure(true)} resetKey={Part}>
        <Part {...props} />
      </LocalBoundary>
    );
  };
}
