/**
 * Pages that list where things are (a table of contents, a back-of-book index, a list of exhibits
 * or of tables) hold every word of many questions, one line each, and point at the page that
 * answers instead of answering. Search demotes their passages (service.ts). Read from the page's
 * text alone at index time, no model: most of its lines are a title and a page number ("Risk
 * Factors ..... 25", "Business\t1", "Dividends, 12, 45"), or dotted leaders run across it, or it is
 * headed "Contents" or "Index" and many lines point.
 */

/** A line ending in page references: a title, then leaders or spaces, then a page (or pages, as in an index). */
const POINTER = /[\p{L})][^\p{L}]*?(?:\.\s?|…|\s)\s*(?:\d{1,3}|[ivxlc]{1,6})(?:\s*[,–-]\s*\d{1,3})*$/iu;
/** Dotted (or underscored) leaders: ". . . ." or "....". */
const LEADER = /(?:\.\s?){4,}|…{2,}|_{4,}/;
/** A number that is not a page: an amount, a decimal, a percentage, a year-sized figure. */
const NOT_A_PAGE = /[$%€£]|\d[.,]\d|\b\d{4,}\b/;
const HEADING =
  /^(?:table of contents|\p{L}+ index|contents|index|index to (?:financial statements|exhibits)|exhibit index|list of (?:exhibits|tables|figures))\b/iu;

/** Lines shorter than this are page furniture (a lone page number, a running head's fragment). */
const MIN_LINE = 4;

export interface ListingSigns {
  lines: number;
  /** Lines that end in a page reference and hold no other kind of number. */
  pointers: number;
  /** Lines with dotted leaders. */
  leaders: number;
  /** A "Contents" / "Index" / "List of exhibits" heading in the first lines. */
  heading: boolean;
  /** Share of the pointing lines whose page is not below the previous one's (a contents page runs in order). */
  inOrder: number;
}

export function listingSigns(pageText: string): ListingSigns {
  const lines = pageText
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.length >= MIN_LINE);
  let pointers = 0;
  let leaders = 0;
  const pages: number[] = [];
  for (const line of lines) {
    const leader = LEADER.test(line);
    if (leader) leaders++;
    // A two-column listing ("Business\t1\tCondition and Results of Operations\t47") is read cell by cell.
    const cells = line.split("\t").map((c) => c.trim());
    const tail = cells.length > 1 && /^\d{1,3}$/.test(cells.at(-1)!) ? `${cells.at(-2)} ${cells.at(-1)}` : line;
    if ((leader || POINTER.test(tail)) && !NOT_A_PAGE.test(line.replace(LEADER, " ")) && wordy(line)) {
      pointers++;
      const page = /(\d+)\s*$/.exec(line);
      if (page) pages.push(Number(page[1]));
    }
  }
  let inOrder = 0;
  for (let i = 1; i < pages.length; i++) if (pages[i]! >= pages[i - 1]!) inOrder++;
  return {
    lines: lines.length,
    pointers,
    leaders,
    heading: lines.slice(0, 6).some((l) => HEADING.test(l.replace(/^[\s\d.]*/, ""))),
    inOrder: pages.length > 1 ? inOrder / (pages.length - 1) : 0,
  };
}

/** More letters than digits: a title, not a table row of figures. */
function wordy(line: string): boolean {
  let letters = 0;
  let digits = 0;
  for (const ch of line) {
    if (/\p{L}/u.test(ch)) letters++;
    else if (ch >= "0" && ch <= "9") digits++;
  }
  return letters >= 3 && letters > 2 * digits;
}

/** Whether a page's text reads as a listing of where things are (a table of contents, an index). */
export function isListingPage(pageText: string): boolean {
  const s = listingSigns(pageText);
  if (s.lines < 6) return false;
  const share = s.pointers / s.lines;
  // Half the lines pointing, in page order or along dotted leaders (a table of store counts by
  // state points nowhere: its numbers jump about), or fewer under a "Contents" / "Index" heading.
  return (share >= 0.5 && (s.inOrder >= 0.7 || s.leaders >= s.pointers / 2)) || (s.heading && share >= 0.25);
}

/**
 * The pages of a version that are listings, read from its passages (a page's passages hold its
 * lines, blank ones aside): search decides this itself, at index time, from what it stores.
 */
export function listingPages(passages: { page: number; text: string }[]): Set<number> {
  const pages = new Map<number, string[]>();
  for (const p of passages) (pages.get(p.page) ?? pages.set(p.page, []).get(p.page)!).push(p.text);
  const out = new Set<number>();
  for (const [page, texts] of pages) if (isListingPage(texts.join("\n"))) out.add(page);
  return out;
}
