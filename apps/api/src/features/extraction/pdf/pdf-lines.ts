/**
 * Text of a PDF page rebuilt into lines in reading order: pieces of text on one baseline joined (a ligature or a
 * small-caps letter printed as its own piece joins without a space), a row split where a wide gap parts it, and a page
 * set in columns read column by column. Pure, so it runs in the PDF worker and in unit tests alike.
 */

/** One piece of text as pdf.js gives it, in page points, y measured down from the top of the page. */
export interface PdfItem {
  text: string;
  x: number;
  /** The baseline, from the top of the page. */
  y: number;
  width: number;
  size: number;
  bold: boolean;
  italic: boolean;
}

/** One line of text in reading order. */
export interface PdfLine {
  text: string;
  /** 1-based. */
  page: number;
  /** Left edge and right edge in points from the page's left. */
  x: number;
  right: number;
  /** Baseline in points from the page's top. */
  y: number;
  /** Font size in points (the size most of the line's letters have). */
  size: number;
  /** Whether most of the line's letters are set in a bold face. */
  bold: boolean;
  italic: boolean;
  /** Which column of its part of the page the line stands in, from 0 at the left. */
  column: number;
  /** The column's left and right edges (the widest line of it), for telling a wrapped line from a short one. */
  columnLeft: number;
  columnRight: number;
  pageWidth: number;
  pageHeight: number;
}

interface Segment {
  items: PdfItem[];
  x: number;
  right: number;
  y: number;
}

// Rows closer to the page's top or bottom edge than this share of its height are its margins (running heads, page
// numbers, printed addresses): they never take part in finding columns.
export const MARGIN_SHARE = 0.05;

/** The lines of one page in reading order. */
export function linesOfPage(items: PdfItem[], page: number, pageWidth: number, pageHeight: number): PdfLine[] {
  const rows = rowsOf(items.filter((item) => item.text.trim() !== "" && item.size > 0));
  const lines: PdfLine[] = [];
  const body: Segment[][] = [];
  const flushBody = () => {
    for (const band of bandsOf(body)) {
      band.forEach((column, i) => {
        column.sort((a, b) => a.y - b.y || a.x - b.x);
        for (const s of column) if (s.items.length > 0) lines.push(lineOf(s, page, i, column, pageWidth, pageHeight));
      });
    }
    body.length = 0;
  };
  for (const row of rows) {
    const segments = segmentsOf(row);
    const y = segments[0]!.y;
    if (y < pageHeight * MARGIN_SHARE || y > pageHeight * (1 - MARGIN_SHARE)) {
      flushBody();
      lines.push(...segments.map((s) => lineOf(s, page, 0, [s], pageWidth, pageHeight)));
    } else {
      body.push(segments);
    }
  }
  flushBody();
  return lines;
}

/** Items grouped by baseline, top to bottom, each row left to right. */
function rowsOf(items: PdfItem[]): PdfItem[][] {
  const sorted = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: PdfItem[][] = [];
  let current: PdfItem[] = [];
  let baseline = Number.NEGATIVE_INFINITY;
  for (const item of sorted) {
    const tolerance = Math.max(1.5, Math.min(item.size, current[0]?.size ?? item.size) * 0.3);
    if (current.length > 0 && Math.abs(item.y - baseline) <= tolerance) {
      current.push(item);
      continue;
    }
    if (current.length > 0) rows.push(current);
    current = [item];
    baseline = item.y;
  }
  if (current.length > 0) rows.push(current);
  return rows.map((row) => row.sort((a, b) => a.x - b.x));
}

/** A row cut where a gap is wider than a couple of letters: the two sides are different columns or cells. */
function segmentsOf(row: PdfItem[]): Segment[] {
  const segments: Segment[] = [];
  let current: Segment | undefined;
  for (const item of row) {
    if (current && item.x - current.right <= Math.max(item.size, 6) * 1.6) {
      current.items.push(item);
      current.right = Math.max(current.right, item.x + item.width);
      continue;
    }
    current = { items: [item], x: item.x, right: item.x + item.width, y: item.y };
    segments.push(current);
  }
  return segments;
}

/**
 * Rows split into bands read one after the other, each band's segments column by column. A gutter is an empty vertical
 * strip with text on both sides in several rows that few rows cross; the rows that cross it (a full-width heading, a
 * masthead) are bands of their own, read in place, and may have a gutter of their own.
 */
function bandsOf(rows: Segment[][], depth = 0): Segment[][][] {
  if (rows.length === 0) return [];
  const left = Math.min(...rows.flatMap((row) => row.map((s) => s.x)));
  const right = Math.max(...rows.flatMap((row) => row.map((s) => s.right)));
  const gutter = depth < 3 ? gutterOf(rows, left, right) : undefined;
  if (!gutter) return [[[{ x: left, right, y: 0, items: [] }, ...rows.flat()]]];
  const [lo, hi] = gutter;
  const crosses = (row: Segment[]) => row.some((s) => s.x < hi && s.right > lo);
  const bands: Segment[][][] = [];
  let run: Segment[][] = [];
  let crossing = false;
  const flush = () => {
    if (run.length === 0) return;
    if (crossing) bands.push(...bandsOf(run, depth + 1));
    else {
      const segments = run.flat();
      const sides = [segments.filter((s) => s.right <= lo), segments.filter((s) => s.x >= hi)].filter((c) => c.length > 0);
      bands.push(sides.length === 1 ? [[{ x: left, right, y: 0, items: [] }, ...sides[0]!]] : sides);
    }
    run = [];
  };
  for (const row of rows) {
    if (run.length > 0 && crosses(row) !== crossing) flush();
    crossing = crosses(row);
    run.push(row);
  }
  flush();
  return bands;
}

/** The strip [lo, hi] that best parts the rows into two columns, if any. */
function gutterOf(rows: Segment[][], left: number, right: number): [number, number] | undefined {
  const sizes = rows.flatMap((row) => row.flatMap((s) => s.items.map((i) => i.size))).sort((a, b) => a - b);
  const min = Math.max(14, (sizes[Math.floor(sizes.length / 2)] ?? 10) * 1.6);
  const width = Math.ceil(right - left);
  if (width < min * 3) return undefined;
  const cover = new Array<number>(width).fill(0);
  // Rows above the first one with text where a right column may start (a title, a facts line, a site's menu over a
  // sidebar and its method) stand above the columns: they cross a gutter as a heading does, but don't narrow it.
  const firstRight = Math.max(
    0,
    rows.findIndex((row) => row.some((s) => s.x > left + width * 0.15)),
  );
  for (const row of rows.slice(firstRight)) {
    for (const s of row)
      for (let x = Math.max(0, Math.floor(s.x - left)); x < Math.min(width, Math.ceil(s.right - left)); x++) cover[x]! += 1;
  }
  const allowed = Math.max(1, Math.floor(rows.length * 0.15));
  let best: { lo: number; hi: number; score: number } | undefined;
  let x = Math.floor(width * 0.15);
  const end = Math.ceil(width * 0.85);
  while (x < end) {
    if (cover[x]! > allowed) {
      x += 1;
      continue;
    }
    let to = x;
    while (to < end && cover[to]! <= allowed) to += 1;
    // The strip's emptiest stretch, where the columns' edges are; the strip as a whole must be wide enough, not that
    // stretch, since a few lines above the columns (a facts line over a sidebar) may reach into it (decision 0040).
    const floor = Math.min(...cover.slice(x, to));
    let lo = x;
    while (cover[lo]! > floor) lo += 1;
    let hi = to - 1;
    while (cover[hi]! > floor) hi -= 1;
    if (to - x >= min) {
      const a = left + lo;
      const b = left + hi + 1;
      const leftRows = rows.filter((row) => row.some((s) => s.right <= a)).length;
      const rightRows = rows.filter((row) => row.some((s) => s.x >= b)).length;
      const score = Math.min(leftRows, rightRows) - floor * 2;
      if (leftRows >= 3 && rightRows >= 3 && (!best || score > best.score)) best = { lo: a, hi: b, score };
    }
    x = to;
  }
  return best && [best.lo, best.hi];
}

function lineOf(segment: Segment, page: number, column: number, columnSegments: Segment[], pageWidth: number, pageHeight: number): PdfLine {
  let text = "";
  let right = Number.NEGATIVE_INFINITY;
  const sizes = new Map<number, number>();
  let bold = 0;
  let italic = 0;
  let letters = 0;
  for (const item of segment.items) {
    const gap = item.x - right;
    // A gap of a fifth of the letters' size is a space; less is a ligature, a small-caps letter or letter spacing.
    if (text !== "" && !text.endsWith(" ") && !item.text.startsWith(" ") && gap > item.size * 0.2) text += " ";
    text += item.text;
    right = Math.max(right, item.x + item.width);
    const count = item.text.replace(/\s/g, "").length;
    letters += count;
    if (item.bold) bold += count;
    if (item.italic) italic += count;
    const size = Math.round(item.size * 2) / 2;
    sizes.set(size, (sizes.get(size) ?? 0) + count);
  }
  const size = [...sizes.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 0;
  return {
    text: text.replace(/\s+/g, " ").trim(),
    page,
    x: segment.x,
    right: segment.right,
    y: segment.y,
    size,
    bold: letters > 0 && bold / letters >= 0.6,
    italic: letters > 0 && italic / letters >= 0.6,
    column,
    columnLeft: Math.min(...columnSegments.map((s) => s.x)),
    columnRight: Math.max(...columnSegments.map((s) => s.right)),
    pageWidth,
    pageHeight,
  };
}
