import { trpc } from "../../lib/trpc";

/**
 * Who added or last changed a shared thing, beside it: shown only in a household of several people (alone, it is
 * always you). Reads the household once for every row (react-query shares the one query).
 */
export function MemberName({ id, verb = "by" }: { id: string | null | undefined; verb?: string }) {
  const household = trpc.households.get.useQuery(undefined, { staleTime: 60_000 });
  const members = household.data?.members;
  if (!id || !members || members.length < 2) return null;
  const member = members.find((m) => m.userId === id);
  if (!member) return null;
  return (
    <span className="text-xs text-muted-foreground" data-testid="member-name">
      {verb} {member.name}
    </span>
  );
}
