import { Link } from "@tanstack/react-router";
import { SUPPORT_EMAIL } from "../lib/support";
import { Brand } from "./brand";

export function SiteFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row">
        <Brand />
        <nav aria-label="Footer" className="flex flex-wrap items-center justify-center gap-4">
          <Link to="/pricing" className="hover:text-foreground">
            Pricing
          </Link>
          <Link to="/login" className="hover:text-foreground">
            Log In
          </Link>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="hover:text-foreground">
            Contact Support
          </a>
        </nav>
        <p>&copy; {new Date().getFullYear()} KIM. All rights reserved.</p>
      </div>
    </footer>
  );
}
