import { useOnline } from "../lib/offline/network";

/**
 * Offline, says which actions here wait for the network (barcode lookups, generating, imports, billing): they are
 * disabled meanwhile (`useOnline`), and this says why rather than leaving a greyed button unexplained.
 */
export function NeedsNetwork({ what }: { what: string }) {
  const online = useOnline();
  if (online) return null;
  return (
    <p role="status" data-testid="needs-network" className="text-sm text-muted-foreground">
      Offline: {what} when you are back online.
    </p>
  );
}
