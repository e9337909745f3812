import type { CSSProperties, ReactNode } from "react";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "./sheet";

/**
 * The sidebar as a slide-in panel on small screens. Its own module, loaded by sidebar.tsx after the page has painted
 * (or when first opened): the dialog it is built on (focus trap, scroll lock) is not needed to draw the page.
 */
export default function SidebarSheet({
  open,
  onOpenChange,
  side,
  title,
  width,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: "left" | "right";
  title: string;
  width: string;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        data-sidebar="sidebar"
        data-slot="sidebar"
        data-mobile="true"
        className="w-(--sidebar-width) bg-sidebar p-0 text-sidebar-foreground [&>button]:hidden"
        style={{ "--sidebar-width": width } as CSSProperties}
        side={side}
        onOpenAutoFocus={focusCurrentLink}
      >
        <SheetHeader className="sr-only">
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription>Displays the mobile sidebar.</SheetDescription>
        </SheetHeader>
        <div className="flex h-full w-full flex-col">{children}</div>
      </SheetContent>
    </Sheet>
  );
}

/**
 * Start on the current page's link, else the first menu link. Radix would pick the first control that is not a link,
 * which is "Log Out" at the bottom, so a second Enter would sign the cook out.
 */
function focusCurrentLink(event: Event) {
  const panel = event.currentTarget;
  if (!(panel instanceof HTMLElement)) return;
  const link =
    panel.querySelector<HTMLElement>('a[data-sidebar="menu-button"][data-active="true"]') ??
    panel.querySelector<HTMLElement>('[data-sidebar="content"] a[data-sidebar="menu-button"]');
  if (!link) return;
  event.preventDefault();
  link.focus();
}
