import { createContext, useContext, type ComponentProps, type MouseEvent } from "react";

type Navigate = (href: string) => void;

/**
 * Lets shared components link without importing the router: the landing page entry renders plain
 * anchors (full page loads), while the SPA provides client-side navigation through this context.
 */
const NavigateContext = createContext<Navigate | null>(null);

export const NavigateProvider = NavigateContext.Provider;

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function AppLink({ href, onClick, ...props }: ComponentProps<"a"> & { href: string }) {
  const navigate = useContext(NavigateContext);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!navigate || event.defaultPrevented || !isPlainLeftClick(event) || props.target) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handleClick} {...props} />;
}
