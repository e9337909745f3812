import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@kim/ui/button";

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** False when the server stopped counting at `total`: "of 275+ users". */
  totalIsExact: boolean;
  /** What is counted, plural: "users", "reports". */
  noun: string;
  onPage: (page: number) => void;
}

/** "Showing 26–50 of 20,000 users" with Previous and Next: the server sends one page at a time. */
export function Pager({ page, pageSize, total, totalIsExact, noun, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const count = (n: number) => n.toLocaleString("en-US");
  return (
    <nav aria-label={`${noun} pages`} className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
      <p aria-live="polite">
        Showing {count(first)}–{count(last)} of {count(total)}
        {totalIsExact ? "" : "+"} {noun}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
