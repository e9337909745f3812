import { SUPPORT_EMAIL } from "../lib/support";
import { Brand } from "./brand";
import { AppLink } from "./app-link";

/** Pages that show their own support link pass showSupport={false} to avoid two identical links. */
export function SiteFooter({ showSupport = true }: { showSupport?: boolean }) {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row">
        <Brand />
        <nav aria-label="Footer" className="flex flex-wrap items-center justify-center gap-4">
          <AppLink href="/pricing" className="hover:text-foreground">
            Pricing
          </AppLink>
          {showSupport ? (
            <a href={`mailto:${SUPPORT_EMAIL}`} className="hover:text-foreground">
              Contact Support
            </a>
          ) : null}
        </nav>
        <p>&copy; {new Date().getFullYear()} KIM. All rights reserved.</p>
      </div>
    </footer>
  );
}
