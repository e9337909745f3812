import type { ReactNode } from "react";
import { Brand } from "./brand";
import { ThemeToggle } from "./theme-toggle";
import { AppLink } from "./app-link";

/** Header for pages outside the signed-in layout (landing, pricing, auth screens). */
export function PublicHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <AppLink href="/" aria-label="KIM home" className="rounded-md">
          <Brand />
        </AppLink>
        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {children}
        </div>
      </div>
    </header>
  );
}
