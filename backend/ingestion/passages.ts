import { createHash } from "node:crypto";
import type { Box, ParsedDocument, ParsedPage, Passage, Span } from "./types.ts";

export interface PassageOptions {
  /** The file version the passages belong to: part of every passage id. */
  fileVersionId: string;
  minChars?: number;
  maxChars?: number;
}

/**
 * A page's last lines holding fewer words than this (a page number, "Table of Contents 47") join
 * the passage before them: alone, "47" under a heading that matches the question outranked the
 * page that answers it. A short tail of real words ("Total liabilities and shareholders' equity
 * $228,354") stays a passage of its own.
 */
const TAIL_WORDS = 4;

/** A Markdown-style heading, or a short line in capitals with no final full stop. */
const HEADING = /^(#{1,6}\s+\S.*|[A-Z0-9][A-Z0-9 ,.&'()\-–:]{2,80}[A-Z)])$/;

/**
 * Cuts pages into passages of about 800-1,200 characters at line boundaries (a table row is a
 * line), so `page.text.slice(start, end) === passage.text`. A single line longer than the
 * maximum is cut at a space. The heading is the latest one seen, carried across pages. A page's
 * last lines of a few words at most end the passage before them.
 */
export function buildPassages(doc: ParsedDocument, options: PassageOptions): Passage[] {
  const min = options.minChars ?? 800;
  const max = options.maxChars ?? 1200;
  const passages: Passage[] = [];
  let heading = "";
  for (const page of doc.pages) {
    if (page.heading) heading = page.heading;
    let start = -1;
    let end = -1;
    let startHeading = heading;
    // A PDF's paragraph breaks are read off line spacing: the passage runs on, and the last break
    // past the minimum is where it ends when the next line would overflow it.
    const guessed = page.kind === "pdf-page";
    let cut: { end: number; next: number; heading: string } | null = null;
    const emit = (from: number, to: number, heading: string) =>
      passages.push(makePassage(doc, page, from, to, heading, options.fileVersionId));
    const flush = () => {
      if (start >= 0 && end > start) emit(start, end, startHeading);
      start = -1;
      cut = null;
    };
    for (const [lineStart, lineEnd] of lineRanges(page.text, max)) {
      const line = page.text.slice(lineStart, lineEnd).trim();
      if (!line) {
        // A blank line ends a paragraph: a good place to stop once the passage is big enough.
        if (start >= 0 && end - start >= min) {
          if (guessed) cut = { end, next: -1, heading };
          else flush();
        }
        continue;
      }
      const isHeading = line.length <= 90 && HEADING.test(line);
      if (start >= 0 && lineEnd - start > max && cut && cut.next >= 0) {
        emit(start, cut.end, startHeading);
        [start, startHeading, cut] = [cut.next, cut.heading, null];
      }
      if (start >= 0 && (lineEnd - start > max || (isHeading && end - start >= min / 2))) flush();
      if (isHeading) heading = line.replace(/^#+\s*/, "");
      if (cut && cut.next < 0)
        [cut.next, cut.heading] = [lineStart + leadingSpace(page.text, lineStart, lineEnd), heading];
      if (start < 0) {
        start = lineStart + leadingSpace(page.text, lineStart, lineEnd);
        startHeading = heading;
      }
      end = lineEnd;
    }
    const last = passages[passages.length - 1];
    const tail = start >= 0 ? page.text.slice(start, end) : "";
    if (tail && (tail.match(/\p{L}{2,}/gu)?.length ?? 0) < TAIL_WORDS && last?.page === page.page) {
      passages.pop();
      emit(last.start, end, last.heading);
    } else flush();
  }
  return passages;
}

/** [start, end) of each line, with lines longer than `max` cut after a space. */
function* lineRanges(text: string, max: number): Generator<[number, number]> {
  let pos = 0;
  while (pos <= text.length) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = text.length;
    let s = pos;
    while (nl - s > max) {
      const cut = text.lastIndexOf(" ", s + max);
      const e = cut > s ? cut + 1 : s + max;
      yield [s, trimEnd(text, s, e)];
      s = e;
    }
    yield [s, trimEnd(text, s, nl)];
    pos = nl + 1;
  }
}

function trimEnd(text: string, s: number, e: number): number {
  while (e > s && /\s/.test(text[e - 1])) e--;
  return e;
}

function leadingSpace(text: string, s: number, e: number): number {
  let i = s;
  while (i < e && /\s/.test(text[i])) i++;
  return i - s;
}

function makePassage(
  doc: ParsedDocument,
  page: ParsedPage,
  start: number,
  end: number,
  heading: string,
  version: string,
): Passage {
  const passage: Passage = {
    id: passageId(version, page.page, start),
    page: page.page,
    start,
    end,
    text: page.text.slice(start, end),
    heading,
    title: doc.title,
  };
  if (page.spans?.length) passage.boxes = boxesFor(page.spans, start, end);
  return passage;
}

export function passageId(fileVersionId: string, page: number, start: number): string {
  return createHash("sha256").update(`${fileVersionId}\u0000${page}\u0000${start}`).digest("base64url").slice(0, 22);
}

/** The spans a passage covers, merged into one box per line (spans on the same baseline). */
function boxesFor(spans: Span[], start: number, end: number): Box[] {
  const boxes: Box[] = [];
  for (const span of spans) {
    if (span.end <= start || span.start >= end) continue;
    const last = boxes[boxes.length - 1];
    if (last && Math.abs(last.y - span.y) < Math.max(1, span.h * 0.5) && Math.abs(last.h - span.h) < span.h * 0.5) {
      const right = Math.max(last.x + last.w, span.x + span.w);
      last.x = Math.min(last.x, span.x);
      last.w = right - last.x;
    } else {
      boxes.push({ x: span.x, y: span.y, w: span.w, h: span.h });
    }
  }
  return boxes;
}
