import type { ReactNode } from "react";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "./tooltip";

/**
 * The collapsed desktop sidebar's tooltips (their positioning code is most of their weight). Its own module, loaded by
 * sidebar.tsx once the desktop sidebar is drawn; small screens, where the tooltips never show, never load it.
 */
export default function SidebarTooltips({ children }: { children: ReactNode }) {
  return <TooltipProvider>{children}</TooltipProvider>;
}

/** A menu button with its tooltip (shown only while `hidden` is false). */
export function withMenuTooltip(button: ReactNode, label: string, hidden: boolean): ReactNode {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right" align="center" hidden={hidden}>
        {label}
      </TooltipContent>
    </Tooltip>
  );
}
