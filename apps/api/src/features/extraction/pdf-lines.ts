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

interface Band {
  rows: Segment[][];
  free: [number, number][];
}

/**
 * Rows grouped into bands that share the same empty vertical strips (gutters), each band's segments returned column
 * by column. A row whose text crosses every gutter so far starts a new band, so a full-width heading above two columns
 * and two columns under one paragraph read in the right order.
 */
function bandsOf(rows: Segment[][]): Segment[][][] {
  if (rows.length === 0) return [];
  const left = Math.min(...rows.flatMap((row) => row.map((s) => s.x)));
  const right = Math.max(...rows.flatMap((row) => row.map((s) => s.right)));
  const sizes = rows.flatMap((row) => row.flatMap((s) => s.items.map((i) => i.size))).sort((a, b) => a - b);
  const gutter = Math.max(14, (sizes[Math.floor(sizes.length / 2)] ?? 10) * 1.6);
  const bands: Band[] = [];
  let band: Band | undefined;
  for (const row of rows) {
    const free = complement(row, left, right, gutter);
    const shared = band ? intersect(band.free, free, gutter) : [];
    if (band && shared.length > 0) {
      band.rows.push(row);
      band.free = shared;
    } else {
      band = { rows: [row], free };
      bands.push(band);
    }
  }
  return bands.map((b) => {
    const columns = columnsOf(b, left, right);
    // One column: its edges are the page's text edges, not its own lines' (a short list is no narrow column).
    return columns.length === 1 ? [[{ x: left, right, y: 0, items: [] }, ...columns[0]!]] : columns;
  });
}

function complement(row: Segment[], left: number, right: number, min: number): [number, number][] {
  const free: [number, number][] = [];
  let at = left;
  for (const s of row) {
    if (s.x - at >= min) free.push([at, s.x]);
    at = Math.max(at, s.right);
  }
  if (right - at >= min) free.push([at, right]);
  return free;
}

function intersect(a: [number, number][], b: [number, number][], min: number): [number, number][] {
  const out: [number, number][] = [];
  for (const [a0, a1] of a) {
    for (const [b0, b1] of b) {
      const lo = Math.max(a0, b0);
      const hi = Math.min(a1, b1);
      if (hi - lo >= min) out.push([lo, hi]);
    }
  }
  return out;
}

/** A band's segments split at its inner gutters (those with text on both sides), each column top to bottom. */
function columnsOf(band: Band, left: number, right: number): Segment[][] {
  const segments = band.rows.flat();
  const cuts = band.free
    .filter(([lo, hi]) => lo > left && hi < right)
    .filter(([lo, hi]) => segments.some((s) => s.right <= lo) && segments.some((s) => s.x >= hi))
    .map(([lo, hi]) => (lo + hi) / 2)
    .sort((a, b) => a - b);
  const columns: Segment[][] = cuts.map(() => []);
  columns.push([]);
  for (const s of segments) {
    const index = cuts.findIndex((cut) => s.x < cut);
    columns[index === -1 ? cuts.length : index]!.push(s);
  }
  return columns.filter((c) => c.length > 0).map((c) => c.sort((a, b) => a.y - b.y || a.x - b.x));
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
