import { Link } from "@tanstack/react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import { PublicHeader } from "./public-header";

/** Placeholder for public screens whose forms arrive in later issues. */
export function PublicPage({ title }: { title: string }) {
  return (
    <div className="min-h-svh bg-muted/40">
      <PublicHeader />
      <main className="mx-auto flex max-w-md items-center px-4 py-16">
        <Card className="w-full">
          <CardHeader>
            <CardTitle>
              <h1 className="text-2xl">{title}</h1>
            </CardTitle>
            <CardDescription>This screen is coming soon.</CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Back to home
            </Link>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
