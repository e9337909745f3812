import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@kim/ui/card";
import { PublicHeader } from "./public-header";

interface AuthScreenProps {
  title: string;
  description?: ReactNode;
  /** Shown above the title, e.g. a status icon. */
  icon?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

/** Centered card used by login, signup and the password reset screens. */
export function AuthScreen({ title, description, icon, children, footer }: AuthScreenProps) {
  return (
    <div className="flex min-h-svh flex-col bg-muted/40">
      <PublicHeader />
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
        <Card className="w-full max-w-md">
          <CardHeader className="text-center">
            {icon ? <div className="mx-auto mb-2">{icon}</div> : null}
            <CardTitle>
              <h1 className="text-2xl">{title}</h1>
            </CardTitle>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          {children ? <CardContent>{children}</CardContent> : null}
          {footer ? <CardFooter className="justify-center text-center text-sm text-muted-foreground">{footer}</CardFooter> : null}
        </Card>
      </main>
    </div>
  );
}
