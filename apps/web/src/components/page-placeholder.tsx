/** Placeholder body for signed-in pages built in later issues. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-muted-foreground">This page is coming soon.</p>
    </div>
  );
}
