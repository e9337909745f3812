import { Link } from "@tanstack/react-router";
import { AlertCircle } from "lucide-react";
import { Card, CardContent } from "@kim/ui/card";
import { pageTitleText } from "../lib/page-title";

export function NotFound() {
  return (
    <main className="flex min-h-svh w-full items-center justify-center bg-muted/40 p-4">
      {/* No route matched, so no route's head() gives the title: the page names itself (React hoists <title>). */}
      <title>{pageTitleText("Page Not Found")}</title>
      <Card className="w-full max-w-md">
        <CardContent className="pt-2">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle className="size-8 shrink-0 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          <Link to="/" className="mt-6 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
            Go back home
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
