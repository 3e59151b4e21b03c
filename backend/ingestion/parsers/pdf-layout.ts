import type { Span } from "../types.ts";

/** A text run placed on the page: top-left origin, PDF points. */
export interface PlacedRun {
  str: string;
  x: number;
  /** Baseline, measured from the top of the page. */
  baseline: number;
  w: number;
  h: number;
  /** Text not set left to right (a margin note turned on its side). */
  rotated?: boolean;
}

export interface LaidOutPage {
  text: string;
  spans: Span[];
}

/** A horizontal gap wider than this many font heights separates table cells (written as a tab). */
const CELL_GAP = 1.5;
/**
 * Where a column gutter may lie, as shares of the text's width: near the middle, so columns are of
 * about one width, and a narrow margin of notes beside the body (a constitution's topic tags) is
 * not read as a column of its own.
 */
const GUTTER_ZONE = [0.35, 0.65] as const;
/** A gutter is narrower than a column gap only if it is less than this many font heights wide. */
const MIN_GUTTER = 0.8;
/**
 * A paragraph break (written as a blank line, where passages prefer to end): a step down from the
 * line before of more than this many times the page's usual line spacing, and more than
 * `PARAGRAPH_HEIGHTS` font heights.
 */
const PARAGRAPH_STEP = 1.4;
const PARAGRAPH_HEIGHTS = 1.6;
/** Lines a side needs before a block is read as two columns. */
const MIN_COLUMN_LINES = 3;
/** Share of a side's lines that must read as prose (words, not figures or cells). */
const PROSE_SHARE = 0.5;
/**
 * A column of prose beside a column of small tables and the sentences that introduce them (an
 * annual report's page): one side this much prose over `MIN_PROSE_LINES` lines or more, the other
 * with `OTHER_PROSE_SHARE` of its lines sentences. A page-wide table's figures, right of its
 * labels, are none; a table with a column of descriptions (an officer's positions, a standard's
 * effect) has rows of cells on both sides.
 */
const PROSE_SIDE = 0.8;
const MIN_PROSE_LINES = 8;
const OTHER_PROSE_SHARE = 0.3;
/** A column of prose fills its width: its median line spans at least this share of it. */
const FILL = 0.6;
/** A gap this many line steps wide sets a page's foot apart from the left column above it. */
const FOOT_GAP = 2;
/** Neither column of a block holds fewer than this share of the other's lines. */
const BALANCE = 0.25;

/**
 * Reading order: runs grouped into lines by baseline (within half a font height), lines top to
 * bottom, runs left to right. A wide horizontal gap becomes a tab, so a table row stays one line
 * with its cells apart. A page set in two columns of prose is read a column at a time: the left
 * column's lines, then the right's, block by block between lines that span the gutter (a running
 * head, a full-width table), so a sentence is not interleaved with its neighbour's. Turned text
 * comes last, a run to a line. A wider step down than the page's usual line spacing starts a
 * paragraph: a blank line.
 */
export function layOutRuns(runs: PlacedRun[]): LaidOutPage {
  const visible = runs.filter((r) => r.str.trim() !== "");
  visible.sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  // Turned text (a stamp up the margin) has no place in the lines; it is read after them.
  const upright = visible.filter((r) => !r.rotated);
  const turned = visible.filter((r) => r.rotated).map((r) => [r]);
  const lines = [...readColumns(groupLines(upright)), ...turned];

  const leading = usualStep(lines);
  let text = "";
  const spans: Span[] = [];
  let previous: PlacedRun[] | null = null;
  for (const line of lines) {
    if (text) text += "\n";
    if (previous && isParagraphStep(previous, line, leading)) text += "\n";
    previous = line;
    let prevEnd: number | null = null;
    for (const run of line) {
      if (prevEnd !== null) {
        const gap = run.x - prevEnd;
        if (gap > run.h * CELL_GAP) text += "\t";
        else if (gap > run.h * 0.12 && !/\s$/.test(text) && !/^\s/.test(run.str)) text += " ";
      }
      const str = closeLetterSpacing(run.str.replace(/\s+/g, " "));
      const start = text.length;
      text += str;
      spans.push({ start, end: text.length, x: run.x, y: run.baseline - run.h, w: run.w, h: run.h });
      prevEnd = Math.max(prevEnd ?? run.x + run.w, run.x + run.w);
    }
  }
  return { text, spans };
}

/**
 * Letter-spaced words ("G O D F R E Y  P H I L L I P S", a heading set with wide tracking) come
 * from pdf.js a letter at a time: three or more single letters in a row, one space apart, are one
 * word. Where the run holds several such words, their boundaries are lost ("THEGOLDMAN..."), which
 * still reads better than forty one-letter words.
 */
function closeLetterSpacing(str: string): string {
  return str.replace(/(?<![\p{L}\p{N}])\p{L}(?: \p{L}){2,}(?![\p{L}\p{N}])/gu, (word) => word.replaceAll(" ", ""));
}

/** The median step down from one line to the next (a column's top is a step up, not counted). */
function usualStep(lines: PlacedRun[][]): number {
  const steps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const step = lines[i][0].baseline - lines[i - 1][0].baseline;
    if (step > 0) steps.push(step);
  }
  steps.sort((a, b) => a - b);
  return steps.length ? steps[steps.length >> 1] : 0;
}

function isParagraphStep(above: PlacedRun[], line: PlacedRun[], leading: number): boolean {
  if (above[0].rotated || line[0].rotated) return false;
  const step = line[0].baseline - above[0].baseline;
  return step > leading * PARAGRAPH_STEP && step > line[0].h * PARAGRAPH_HEIGHTS;
}

/** Runs sorted by baseline, then x, grouped into lines; each line's runs left to right. */
function groupLines(sorted: PlacedRun[]): PlacedRun[][] {
  const lines: PlacedRun[][] = [];
  let current: PlacedRun[] = [];
  let lineBaseline = Number.NEGATIVE_INFINITY;
  for (const run of sorted) {
    const tolerance = Math.max(1, Math.min(run.h, current[0]?.h ?? run.h) * 0.5);
    if (current.length && Math.abs(run.baseline - lineBaseline) > tolerance) {
      lines.push(current);
      current = [];
    }
    if (!current.length) lineBaseline = run.baseline;
    current.push(run);
  }
  if (current.length) lines.push(current);
  for (const line of lines) line.sort((a, b) => a.x - b.x);
  return lines;
}

/**
 * Lines in reading order for a page that may be set in two columns. Lines crossing the gutter
 * split the page into blocks; a block is read column by column only when both sides hold enough
 * lines of prose, so a table (labels left, figures right) keeps its rows whole.
 */
function readColumns(lines: PlacedRun[][]): PlacedRun[][] {
  const gutter = findGutter(lines);
  if (gutter === null) return lines;
  const out: PlacedRun[][] = [];
  let whole: PlacedRun[][] = [];
  let left: PlacedRun[][] = [];
  let right: PlacedRun[][] = [];
  const flush = () => {
    // One line at a time: push(...lines) of a hostile page's hundred thousand lines overflows the stack.
    for (const line of areColumns(left, right, gutter) ? inColumns(left, right) : whole) out.push(line);
    whole = [];
    left = [];
    right = [];
  };
  for (const line of lines) {
    if (line.some((r) => r.x < gutter && r.x + r.w > gutter)) {
      flush();
      out.push(line);
      continue;
    }
    whole.push(line);
    const l = line.filter((r) => r.x + r.w <= gutter);
    const r = line.filter((r) => r.x >= gutter);
    if (l.length) left.push(l);
    if (r.length) right.push(r);
  }
  flush();
  return out;
}

/**
 * Two columns' lines, the left's then the right's. The page's foot on the left ("64  Goldman Sachs
 * 2016 Form 10-K" under the left column) comes last: left lines below the right column's last
 * line, set apart from the column above them by a gap wider than `FOOT_GAP` of its line steps.
 */
function inColumns(left: PlacedRun[][], right: PlacedRun[][]): PlacedRun[][] {
  const rightBottom = right.reduce((bottom, l) => Math.max(bottom, l[0].baseline), -Infinity);
  let foot = left.length;
  while (foot > 0 && left[foot - 1][0].baseline > rightBottom) foot--;
  // The foot starts at the widest gap among the lines below the right column, if it is wide.
  let cut = left.length;
  if (foot < left.length) {
    let widest = usualStep(left) * FOOT_GAP;
    for (let i = Math.max(foot, 1); i < left.length; i++) {
      const gap = left[i][0].baseline - left[i - 1][0].baseline;
      if (gap > widest) [widest, cut] = [gap, i];
    }
  }
  return [...left.slice(0, cut), ...right, ...left.slice(cut)];
}

/**
 * The middle of the widest vertical strip in the middle half of the text that the fewest lines
 * cross, or null when most lines cross every strip (a page of one column).
 */
function findGutter(lines: PlacedRun[][]): number | null {
  if (lines.length < MIN_COLUMN_LINES) return null;
  let minX = Infinity;
  let maxX = -Infinity;
  const heights: number[] = [];
  for (const line of lines) {
    for (const r of line) {
      minX = Math.min(minX, r.x);
      maxX = Math.max(maxX, r.x + r.w);
      heights.push(r.h);
    }
  }
  const width = Math.floor(maxX - minX);
  if (!(width > 0) || width > 20_000) return null;
  const delta = new Int32Array(width + 2);
  for (const line of lines) {
    for (const r of line) {
      const from = Math.max(0, Math.floor(r.x - minX));
      const to = Math.min(width + 1, Math.ceil(r.x + r.w - minX));
      if (to <= from) continue;
      delta[from]++;
      delta[to]--;
    }
  }
  const cover = new Int32Array(width + 1);
  let running = 0;
  for (let i = 0; i <= width; i++) cover[i] = running += delta[i];
  const zoneFrom = Math.floor(width * GUTTER_ZONE[0]);
  const zoneTo = Math.ceil(width * GUTTER_ZONE[1]);
  let least = Infinity;
  for (let i = zoneFrom; i <= zoneTo; i++) least = Math.min(least, cover[i]);
  if (least > lines.length / 2) return null;
  let best: [number, number] | null = null;
  for (let i = zoneFrom; i <= zoneTo; i++) {
    if (cover[i] !== least) continue;
    let j = i;
    while (j + 1 <= zoneTo && cover[j + 1] === least) j++;
    if (!best || j - i > best[1] - best[0]) best = [i, j];
    i = j;
  }
  heights.sort((a, b) => a - b);
  const fontHeight = heights[heights.length >> 1];
  if (!best || best[1] - best[0] + 1 < fontHeight * MIN_GUTTER) return null;
  return minX + (best[0] + best[1] + 1) / 2;
}

/**
 * Two columns of prose: each with enough lines, neither far shorter than the other, both filling
 * their column (a table's narrow name column, a margin of topic tags does not), both mostly words
 * rather than figures, or one almost all words and the other with sentences among its tables.
 */
function areColumns(left: PlacedRun[][], right: PlacedRun[][], gutter: number): boolean {
  const fewer = Math.min(left.length, right.length);
  if (fewer < MIN_COLUMN_LINES || fewer < Math.max(left.length, right.length) * BALANCE) return false;
  // Folds, not Math.min(...), for the same reason.
  const leftEdge = left.reduce((edge, l) => Math.min(edge, l[0].x), Infinity);
  const rightEdge = right.reduce((edge, l) => Math.max(edge, lineEnd(l)), -Infinity);
  const l = sideShape(left, gutter - leftEdge);
  const r = sideShape(right, rightEdge - gutter);
  if (!l.fills || !r.fills) return false;
  if (l.prose >= PROSE_SHARE && r.prose >= PROSE_SHARE) return true;
  const proseBeside = (a: SideShape, b: SideShape) =>
    a.prose >= PROSE_SIDE && a.lines >= MIN_PROSE_LINES && b.prose >= OTHER_PROSE_SHARE;
  return proseBeside(l, r) || proseBeside(r, l);
}

/** A side's lines, the share of them that are prose, and whether its median line spans `FILL` of its width. */
type SideShape = { lines: number; prose: number; fills: boolean };

function sideShape(side: PlacedRun[][], width: number): SideShape {
  let prose = 0;
  const widths: number[] = [];
  for (const line of side) {
    if (isProseLine(line)) prose++;
    widths.push(lineEnd(line) - line[0].x);
  }
  widths.sort((a, b) => a - b);
  return { lines: side.length, prose: prose / side.length, fills: widths[widths.length >> 1] >= width * FILL };
}

function lineEnd(line: PlacedRun[]): number {
  return line.reduce((end, r) => Math.max(end, r.x + r.w), -Infinity);
}

function isProseLine(line: PlacedRun[]): boolean {
  for (let i = 1; i < line.length; i++) {
    const gap = line[i].x - (line[i - 1].x + line[i - 1].w);
    if (gap > line[i].h * CELL_GAP) return false;
  }
  const text = line.map((r) => r.str).join(" ");
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const visible = text.replace(/\s/g, "").length;
  return visible >= 12 && letters >= visible * 0.6;
}
