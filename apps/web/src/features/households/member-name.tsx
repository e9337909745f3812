import { createContext, useContext, useMemo, type ReactNode } from "react";
import { trpc } from "../../lib/trpc";

/** The household's members by id, where it has several people (alone, everything is yours and no name is shown). */
const MemberNames = createContext<ReadonlyMap<string, string> | null>(null);

/**
 * Reads the household once for a page whose rows each say who changed them (MemberName): one query observer for the
 * page rather than one a row, whose hundred observers and re-renders when the household answered were main-thread
 * work in the list page's first second.
 */
export function MemberNamesProvider({ children }: { children: ReactNode }) {
  const household = trpc.households.get.useQuery(undefined, { staleTime: 60_000 });
  const members = household.data?.members;
  const names = useMemo(() => (members && members.length > 1 ? new Map(members.map((m) => [m.userId, m.name])) : null), [members]);
  return <MemberNames.Provider value={names}>{children}</MemberNames.Provider>;
}

/** Who added or last changed a shared thing, beside it, inside a MemberNamesProvider. */
export function MemberName({ id, verb = "by" }: { id: string | null | undefined; verb?: string }) {
  const name = useContext(MemberNames)?.get(id ?? "");
  if (!name) return null;
  return (
    <span className="text-xs text-muted-foreground" data-testid="member-name">
      {verb} {name}
    </span>
  );
}
