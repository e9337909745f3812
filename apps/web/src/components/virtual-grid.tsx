import { useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore, type FocusEvent, type ReactNode } from "react";
import { defaultRangeExtractor, useWindowVirtualizer, windowScroll, type Range } from "@tanstack/react-virtual";

/** Tailwind's default breakpoints, so a grid here switches columns where `sm:grid-cols-2` would. */
const BREAKPOINTS = { sm: "40rem", md: "48rem", lg: "64rem", xl: "80rem" } as const;
type Breakpoint = keyof typeof BREAKPOINTS;

/** Columns below the first breakpoint (`base`) and from each breakpoint up, like `grid-cols-1 sm:grid-cols-2`. */
export type GridColumns = { base: number } & Partial<Record<Breakpoint, number>>;

interface VirtualGridProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** A row's height before it is measured, in px; close guesses keep the scroll bar steady. */
  estimateRowHeight: number;
  columns: GridColumns;
  /** Space between rows and columns, in px (16 is Tailwind's gap-4). */
  gap?: number;
  /** Rows rendered beyond the window at each end, so scrolling and Tab never reach an empty edge. */
  overscanRows?: number;
  "aria-label": string;
  className?: string;
  /** Called as a pointer moves over the list or focus enters it: a page starts loading what its cards' buttons open. */
  onIntent?: () => void;
}

/**
 * A list laid out as a responsive grid that renders only the rows near the window (the page scrolls, not a box).
 * It stays a list to assistive technology: role list, each item a listitem that states its position in the
 * whole list. The row holding keyboard focus stays rendered while it is scrolled away, so focus is never lost.
 */
export function VirtualGrid<T>({
  items,
  getKey,
  renderItem,
  estimateRowHeight,
  columns,
  gap = 16,
  overscanRows = 1,
  "aria-label": label,
  className,
  onIntent,
}: VirtualGridProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const columnCount = useColumnCount(columns);
  const rowCount = Math.ceil(items.length / columnCount);
  const scrollMargin = useDocumentTop(listRef);
  const [focusedRow, setFocusedRow] = useState<number | null>(null);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const rows = defaultRangeExtractor(range);
      if (focusedRow === null || focusedRow >= range.count || rows.includes(focusedRow)) return rows;
      return [...rows, focusedRow].sort((a, b) => a - b);
    },
    [focusedRow],
  );

  // The virtualizer lays out every row again whenever getItemKey changes, so it changes only with the rows.
  // A row is known by its first item, so a measured height follows its items when the list is filtered.
  const getItemKey = useCallback((row: number) => `${columnCount}:${getKey(items[row * columnCount] as T)}`, [columnCount, getKey, items]);
  const estimateSize = useCallback(() => estimateRowHeight, [estimateRowHeight]);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize,
    getItemKey,
    overscan: overscanRows,
    gap,
    scrollMargin,
    rangeExtractor,
    // Size the first render to the window, so the first paint already shows the visible rows.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    initialOffset: () => window.scrollY,
    // The page's CSS scrolls smoothly (scroll-behavior on html); the corrections made as rows are measured must not.
    scrollToFn: (offset, options, instance) => windowScroll(offset, { ...options, behavior: options.behavior ?? "instant" }, instance),
  });

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    onIntent?.();
    const row = event.target.closest<HTMLElement>("[data-index]")?.dataset.index;
    setFocusedRow(row === undefined ? null : Number(row));
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocusedRow(null);
  };

  return (
    <div
      ref={listRef}
      role="list"
      aria-label={label}
      className={className}
      style={{ position: "relative", height: virtualizer.getTotalSize() }}
      onFocus={onFocus}
      onBlur={onBlur}
      onPointerOver={onIntent}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const first = row.index * columnCount;
        return (
          <div
            key={row.key}
            role="none"
            data-index={row.index}
            ref={virtualizer.measureElement}
            style={{
              position: "absolute",
              top: 0,
              left: 0,
              width: "100%",
              transform: `translateY(${row.start - scrollMargin}px)`,
              display: "grid",
              gridTemplateColumns: `repeat(${columnCount}, minmax(0, 1fr))`,
              columnGap: gap,
            }}
          >
            {/* grid-cols-1 is minmax(0, 1fr): an item never grows wider than its column, whatever its content. */}
            {items.slice(first, first + columnCount).map((item, offset) => (
              <div
                key={getKey(item)}
                role="listitem"
                aria-posinset={first + offset + 1}
                aria-setsize={items.length}
                className="grid min-w-0 grid-cols-1"
              >
                {renderItem(item, first + offset)}
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}

function useColumnCount(columns: GridColumns): number {
  const steps = (Object.keys(BREAKPOINTS) as Breakpoint[]).flatMap((b) => {
    const count = columns[b];
    return count === undefined ? [] : [{ query: `(min-width: ${BREAKPOINTS[b]})`, count }];
  });
  const queries = steps.map((s) => s.query).join(",");
  const subscribe = useCallback(
    (onChange: () => void) => {
      const lists = queries ? queries.split(",").map((q) => window.matchMedia(q)) : [];
      for (const list of lists) list.addEventListener("change", onChange);
      return () => {
        for (const list of lists) list.removeEventListener("change", onChange);
      };
    },
    [queries],
  );
  const current = () => steps.reduce((count, step) => (window.matchMedia(step.query).matches ? step.count : count), columns.base);
  return useSyncExternalStore(subscribe, current, () => columns.base);
}

/** The element's distance from the top of the document, kept current as content above it changes height. */
function useDocumentTop(ref: { current: HTMLElement | null }): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Anything above the list that grows or shrinks also resizes the body; the first callback comes before paint.
    const observer = new ResizeObserver(() => setTop(element.getBoundingClientRect().top + window.scrollY));
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return top;
}
