/**
 * What a document is, read from its first pages and metadata rather than its file name (users'
 * files are called `scan0042.pdf`): a title, the kind of document, who issued or wrote it, the
 * period it covers and a form number. No model: patterns that hold across filings, letters,
 * forms, laws and papers; a field stays null when nothing says it. Search matches questions
 * against it ("Berkshire's 2019 shareholder letter" finds `2019ltr.pdf`), the files panel shows it.
 */

export interface DocumentProfile {
  title: string | null;
  kind: string | null;
  issuer: string | null;
  period: string | null;
  form: string | null;
}

export interface ProfileInput {
  fileName: string;
  /** The parser's title: the file's metadata title, or its name when it has none. */
  title: string;
  /** Metadata author, when the file has one. */
  author?: string | null;
  /** Page texts in order (the first few are read). */
  pages: string[];
}

/** Characters of the document read: its first pages hold what it is. */
const HEAD_CHARS = 12_000;
/** Pages read (callers pass at least these). */
export const PROFILE_PAGES = 3;

/** Kinds, first match wins: [kind, pattern over the head, pattern over the opening only?]. */
const KINDS: { kind: string; test: (head: string, opening: string) => boolean }[] = [
  { kind: "10-K annual report", test: (h) => /\bform\s+10-?k\b|annual report pursuant to section 13/i.test(h) },
  { kind: "10-Q quarterly report", test: (h) => /\bform\s+10-?q\b|quarterly report pursuant to section 13/i.test(h) },
  { kind: "8-K current report", test: (h) => /\bform\s+8-?k\b|current report pursuant to section 13/i.test(h) },
  { kind: "proxy statement", test: (_, o) => /\bproxy statement\b/i.test(o) },
  { kind: "annual report", test: (_, o) => /\bannual\s+report\b/i.test(o) },
  {
    kind: "shareholder letter",
    test: (h) => /\b(to (the|our) (share|stock)holders|dear (fellow )?(share|stock)holders)\b/i.test(h),
  },
  // Before "constitution": an order is made "by the authority vested in me ... by the Constitution".
  { kind: "executive order", test: (_, o) => /\bexecutive order\b/i.test(o) },
  { kind: "constitution", test: (_, o) => /\bconstitution\b/i.test(o) },
  {
    kind: "tax form",
    test: (h, o) => /internal revenue service/i.test(h) && /\bform\b/i.test(o),
  },
  { kind: "research paper", test: (h) => /\babstract\b/i.test(h) && /\b(introduction|arxiv|references)\b/i.test(h) },
  { kind: "invoice", test: (_, o) => /\binvoice\b/i.test(o) },
  { kind: "receipt", test: (_, o) => /\breceipt\b/i.test(o) },
  { kind: "press release", test: (_, o) => /\b(press release|for immediate release)\b/i.test(o) },
  { kind: "agreement", test: (_, o) => /\b(agreement|contract)\b/i.test(o) },
  { kind: "memorandum", test: (_, o) => /\bmemorandum\b/i.test(o) },
];

/** Metadata titles that say nothing about the document (an SEC filing's is often its letterhead). */
const JUNK_TITLE =
  /^(untitled|printmgr file|document\d*|microsoft word|powerpoint presentation|slide \d+|title|none|null|\d+)\b|^microsoft word - |\.(docx?|pdf|indd|qxd|tmp)$|^(united states )?securities and exchange commission$/i;

export function deriveProfile(input: ProfileInput): DocumentProfile {
  const head = headText(input.pages);
  const opening = head.slice(0, 600);
  const kind = KINDS.find((k) => k.test(head, opening))?.kind ?? null;
  const issuer = issuerOf(head, kind, input.author);
  const form = formOf(head, input.title);
  // A filing's first lines are the SEC's boilerplate: its title is who filed what.
  const filing = kind && /^\d/.test(kind) && issuer && form ? `${issuer} Form ${form}` : null;
  const title = titleOf(input, head, filing);
  return {
    title,
    kind,
    issuer,
    period: periodOf(head, title ?? input.title),
    form,
  };
}

function headText(pages: string[]): string {
  let head = "";
  for (const text of pages.slice(0, PROFILE_PAGES)) {
    head += `${text}\n`;
    if (head.length >= HEAD_CHARS) break;
  }
  return head.slice(0, HEAD_CHARS);
}

/** Lines that head many documents without saying which one. */
const GENERIC_LINE =
  /^(table of contents|contents|index|united states|securities and exchange commission|washington, d\.?c\.? \d+|confidential|draft)$/i;

const stem = (fileName: string) => fileName.replace(/^.*\//, "").replace(/\.[a-z0-9]{1,5}$/i, "");
const clean = (s: string) => s.replace(/\s+/g, " ").trim();

/** The metadata title when it says something, else the first line of the text that reads like one. */
function titleOf(input: ProfileInput, head: string, filing: string | null): string | null {
  const meta = clean(input.title);
  if (meta && meta !== stem(input.fileName) && meta.length <= 150 && !JUNK_TITLE.test(meta)) return meta;
  if (filing) return filing;
  const order = executiveOrderTitle(head);
  if (order) return order;
  for (const raw of head.split("\n").slice(0, 40)) {
    const line = clean(raw.replace(/^#+\s*/, ""));
    if (line.length < 8 || line.length > 120) continue;
    if (/https?:|www\.|\.(org|com|gov)\b|generated|^page \d|^\W|^\d[\d\s.,/:-]*$|:$|^federal register\b/i.test(line))
      continue;
    if (GENERIC_LINE.test(line)) continue;
    const words = line.match(/\p{L}{2,}/gu) ?? [];
    if (words.length < 2) continue;
    return line;
  }
  return null;
}

/**
 * "Executive Order 14155: Withdrawing the United States From the World Health Organization": its
 * number and the name printed under it, before "By the authority vested in me" (the Federal
 * Register's running header and its "Title 3— The President" column are not part of it).
 */
function executiveOrderTitle(head: string): string | null {
  const m = /\bExecutive Order (\d{3,6}) of [A-Z][a-z]+ \d{1,2}, \d{4}([\s\S]{0,400}?)\bBy the authority\b/.exec(head);
  if (!m) return null;
  const name = clean(
    m[2]!
      .replace(/(\p{L})-\n\s*(\p{Ll})/gu, "$1$2")
      .replace(/\bTitle 3\s*[—–-]+/g, " ")
      .replace(/\bThe President\b/g, " "),
  );
  return name.length >= 8 && name.length <= 200 ? `Executive Order ${m[1]}: ${name}` : `Executive Order ${m[1]}`;
}

const COMPANY_SUFFIX = String.raw`(?:Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.|Ltd\.?|Limited|plc|PLC|N\.V\.|S\.A\.|AG|SE|LLC|L\.P\.|Holdings|Group)`;
const NAME_WORD = String.raw`(?:[A-Z][\p{L}&'’.-]*|of|and|&)`;

/** Who issued or wrote it: a registrant, the company a letter is addressed for, a country, an agency. */
function issuerOf(head: string, kind: string | null, author?: string | null): string | null {
  const registrant = /([^\n]{3,100})\n[^\n]*\(exact name of registrant as specified in its charter\)/i.exec(head);
  if (registrant) return clean(registrant[1]!);
  const filer = /commission file number[^\n]*\n\s*([^\n]{3,80})\n/i.exec(head);
  if (filer && !/state|incorporat|exact name/i.test(filer[1]!)) return clean(filer[1]!);
  const letter = /to the (?:share|stock)holders of ([^\n:]{3,80}?)\s*:/i.exec(head);
  if (letter) return clean(letter[1]!);
  if (kind === "constitution") {
    const country =
      /constitution of (?:the )?((?:(?:federal |democratic |islamic |united |people's |socialist )*republic of )?[A-Z][\p{L}-]+(?: [A-Z][\p{L}-]+)?)/iu.exec(
        head,
      ) ?? /\b([A-Z][\p{L}-]+(?: [A-Z][\p{L}-]+)?)['’]s [Cc]onstitution\b/u.exec(head);
    if (country) return titleCase(clean(country[1]!));
  }
  if (/internal revenue service/i.test(head)) return "Internal Revenue Service";
  if (kind === "executive order" && /\bthe president\b/i.test(head)) return "The President";
  const companies = new Map<string, number>();
  const companyRe = new RegExp(
    String.raw`\b((?:${NAME_WORD}[ ,]+){0,4}?[A-Z][\p{L}&'’.-]*),? ${COMPANY_SUFFIX}(?![\p{L}])`,
    "gu",
  );
  for (const m of head.matchAll(companyRe)) {
    const name = clean(m[0]).replace(/^(of|and|&|The)\s+/i, "");
    if (name.split(" ").length < 2) continue;
    companies.set(name, (companies.get(name) ?? 0) + 1);
  }
  const best = [...companies.entries()].sort((a, b) => b[1] - a[1])[0];
  if (best && best[1] >= 2) return best[0];
  const who = clean(author ?? "");
  if (who && /^[\p{L}][\p{L} .,'&-]{2,60}$/u.test(who) && /\p{L}{3}/u.test(who)) return who;
  return best?.[0] ?? null;
}

function titleCase(s: string): string {
  if (s !== s.toUpperCase()) return s;
  return s.toLowerCase().replace(/\b(\p{L})/gu, (c) => c.toUpperCase());
}

const YEAR = String.raw`((?:19|20)\d{2})`;
const MONTH = String.raw`(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept?\.?|Oct\.?|Nov\.?|Dec\.?)`;

/**
 * The year it covers: a fiscal year end, a report's year or a revision date when one is written
 * out; else the year the first pages mention most (the latest of equals).
 */
function periodOf(head: string, title: string): string | null {
  const explicit = [
    new RegExp(String.raw`(?:fiscal )?(?:year|period) ended:?\s+${MONTH}\s+\d{1,2},?\s+${YEAR}`, "i"),
    new RegExp(String.raw`\b${YEAR}\s+annual\s+report\b|\bannual\s+report\s+${YEAR}\b`, "i"),
    new RegExp(String.raw`\(rev\.\s+(?:${MONTH}\s+)?${YEAR}\)`, "i"),
    new RegExp(String.raw`\b(?:fiscal|fy)\s*${YEAR}\b`, "i"),
    new RegExp(String.raw`\bconstitution of ${YEAR}\b`, "i"),
    new RegExp(String.raw`\bexecutive order \d+ of ${MONTH}\s+\d{1,2},?\s+${YEAR}`, "i"),
  ];
  for (const re of explicit) {
    const m = re.exec(head);
    const year = m?.slice(1).find((g) => g !== undefined);
    if (year) return year;
  }
  const inTitle = new RegExp(String.raw`\b${YEAR}\b`).exec(title);
  if (inTitle) return inTitle[1]!;
  const counts = new Map<string, number>();
  for (const m of head.matchAll(new RegExp(String.raw`(?<![\d.,$])${YEAR}(?![\d%])`, "g")))
    counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0].localeCompare(a[0]))[0];
  return best && best[1] >= 2 ? best[0] : null;
}

/** A form number the document names itself by: "Form 10-K", "Form W-9", "Form 1040". */
function formOf(head: string, title: string): string | null {
  const re = /\bform\s+((?:\d{1,4}-?[A-Z]{0,3}|[A-Z]{1,3}-\d{1,4}[A-Z]{0,2}))(?![\p{L}\d-])/iu;
  const m = re.exec(title) ?? re.exec(head.slice(0, 3000));
  return m ? m[1]!.toUpperCase() : null;
}

/** The profile as words for matching questions: each field, and the words people use for the kind. */
export function profileText(p: DocumentProfile): string {
  const kindWords = p.kind ? (KIND_WORDS[p.kind] ?? p.kind) : "";
  return [p.title, p.kind, kindWords, p.issuer, p.period, p.form].filter(Boolean).join(" ");
}

const KIND_WORDS: Record<string, string> = {
  "10-K annual report": "10k annual report filing sec",
  "10-Q quarterly report": "10q quarterly report filing sec",
  "8-K current report": "8k current report filing sec",
  "shareholder letter": "letter shareholders chairman annual",
  "tax form": "tax form return irs",
  constitution: "constitution constitutional",
  "research paper": "paper",
};
