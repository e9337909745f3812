import { useEffect } from "react";
import { useRouter } from "@tanstack/react-router";

let previous: string | undefined;

/** Notes the page each navigation leaves, for screens that ask where the cook came from. */
export function useNotePreviousPage(): void {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe("onResolved", ({ fromLocation, pathChanged }) => {
        if (pathChanged && fromLocation) previous = fromLocation.href;
      }),
    [router],
  );
}

/** The address of the page the cook was on before this one, or undefined when they opened this one first. */
export function previousPage(): string | undefined {
  return previous && new URL(previous, window.location.origin).href;
}
