/**
 * An email address that wraps only after "@" and dots, like an address on an envelope, never at its hyphens or
 * mid-word. Each part is an unbreakable box the line may end after; a part longer than a whole line still breaks
 * inside as a last resort, so a narrow screen never scrolls sideways.
 */
export function BreakableEmail({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <span className={className}>
      {parts.map((part, i) => (
        <span key={i} className="inline-block max-w-full [overflow-wrap:anywhere]">
          {part}
        </span>
      ))}
    </span>
  );
}
