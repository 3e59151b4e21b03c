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
  /** Who signed it, when it is a letter: {@link signatoryOf} over all its pages. */
  signatory?: string | null;
}

/**
 * The version of these rules, stored with each profile (`documents.profiled`): raise it when they
 * change, and the worker's sweep derives the profiles made by older rules again (worker.ts).
 * 1: the first rules; 2: letters, forms, memos, release stamps, prose, datelines, signatories.
 */
export const PROFILE_RULES = 2;

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
  // As signed ("Executive Order 14155 of January 20, 2025"), not one a memo cites ("Executive Order
  // 10450, dated 27 April 1953").
  {
    kind: "executive order",
    test: (h, o) =>
      /\bexecutive order \d+ of [A-Z][a-z]+\.? \d/i.test(o) ||
      /\bby the authority vested in me as president\b/i.test(h),
  },
  { kind: "constitution", test: (_, o) => /\bconstitution\b/i.test(o) },
  {
    kind: "tax form",
    test: (h, o) => /internal revenue service/i.test(h) && /\bform(?:\b|\d)/i.test(o),
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
  /^(untitled|printmgr file|document\d*|microsoft word|powerpoint presentation|slide \d+|title|none|null|\d+)\b|^microsoft word - |\.(docx?|pdf|indd|qxd|tmp)$|^(united states )?securities and exchange commission$|\S_\S/i;

export function deriveProfile(input: ProfileInput): DocumentProfile {
  // A release stamp says when it was released, not what it is ("2025 RELEASE UNDER THE PRESIDENT
  // JOHN F. KENNEDY ASSASSINATION RECORDS ACT OF 1992" on each scanned record).
  const head = headText(input.pages)
    .split("\n")
    .filter((line) => !STAMP.test(line))
    .join("\n");
  const opening = head.slice(0, 600);
  const kind = KINDS.find((k) => k.test(head, opening))?.kind ?? null;
  const issuer = issuerOf(head, kind, input.author);
  const form = formOf(head, input.title);
  // A filing's first lines are the SEC's boilerplate: its title is who filed what.
  const filing = kind && /^\d/.test(kind) && issuer && form ? `${issuer} Form ${form}` : null;
  const title = titleOf(input, head, filing ?? ownTitle(head, kind, issuer, form, input.signatory ?? null));
  return {
    title,
    kind,
    issuer,
    period: periodOf(head, opening, title ?? input.title),
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
  /^(table of contents|contents|index|united states|securities and exchange commission|washington, d\.?c\.? \d+|confidential|draft|attention:?|(for immediate|press|news) release|\(?(dollars |amounts )?in (millions|thousands|billions)\b.*)$/i;

/** Declassification and release stamps (FOIA, the records acts). */
const STAMP = /\b(released? under the\b|approved for release\b|declassified\b)/i;

/** Words a title may end on only when it runs on to the next line ("... Language Models with"). */
const RUNS_ON = /(?:\b(?:a|an|and|as|at|by|for|from|in|into|of|on|or|the|to|via|with)|\p{L}-)$/iu;

const stem = (fileName: string) => fileName.replace(/^.*\//, "").replace(/\.[a-z0-9]{1,5}$/i, "");
const clean = (s: string) => s.replace(/\s+/g, " ").trim();

/**
 * The metadata title when it says something, else what the document calls itself (`own`: a
 * filing, an order, a letter, a form), else the first line of the text that reads like a title,
 * with the lines it runs on to.
 */
function titleOf(input: ProfileInput, head: string, own: string | null): string | null {
  const meta = clean(input.title);
  if (meta && meta !== stem(input.fileName) && meta.length <= 150 && !JUNK_TITLE.test(meta)) return meta;
  if (own) return own;
  // A memo's or a letter's subject line ("SUBJECT: THE LEE HARVEY OSWALD CASE").
  const subject = /^\s*(?:subject|re)\s*:\s*(.{8,100})$/im.exec(head.slice(0, 3000));
  if (subject && (subject[1]!.match(/\p{L}{4,}/gu) ?? []).length >= 2) return clean(subject[1]!);
  // A title is near the top: the first lines that hold text.
  const lines = head
    .split("\n")
    .map((raw) => clean(raw.replace(/^#+\s*/, "")))
    .filter((l) => l.length > 0)
    .slice(0, TITLE_LINES);
  // An essay or a memo opening on its dateline has no title line: its first words stand in.
  const dated = lines.slice(0, 5).find((l) => DATELINE.test(l));
  if (dated) return leadOf(dated.replace(DATELINE, ""));
  for (const [i, line] of lines.entries()) {
    if (!readsLikeTitle(line)) continue;
    // Prose: a line a long line runs on to ("COVID-19 Vaccine of 4.6%*"), or one that runs on to
    // a line in lower case ("It used to be the most common complaint you heard / about Apple").
    const before = lines[i - 1];
    if (before && before.length >= 60 && /[\p{L},]$/u.test(before)) continue;
    if (/^\p{Ll}/u.test(lines[i + 1] ?? "") && !RUNS_ON.test(line) && !line.includes(": ")) continue;
    let title = line;
    for (const next of lines.slice(i + 1, i + 3)) {
      if (!RUNS_ON.test(title) || title.length + next.length > 150) break;
      title = title.endsWith("-") ? `${title}${next}` : `${title} ${next}`;
    }
    return title;
  }
  // No title: its first line of text stands in, as an untitled document is named by its first words.
  for (const line of lines) {
    const lead = leadOf(line);
    if (lead) return lead;
  }
  return null;
}

/** A line of text as a stand-in title ("A few hours before the Yahoo acquisition was announced in June 1998"), or null. */
function leadOf(line: string): string | null {
  if ((line.match(/\p{L}{3,}/gu) ?? []).length < 4 || !/^[\p{Lu}\d"“(]/u.test(line) || STAMP.test(line)) return null;
  return line.length <= 100 ? line : `${line.slice(0, line.lastIndexOf(" ", 100))}…`;
}

/** Lines holding text read for a title. */
const TITLE_LINES = 15;

function readsLikeTitle(line: string): boolean {
  if (line.length < 8 || line.length > 100) return false;
  if (/https?:|www\.|\.(org|com|gov)\b|generated|^page \d|^\W|^\d[\d\s.,/:-]*$|:$|^federal register\b/i.test(line))
    return false;
  if (GENERIC_LINE.test(line)) return false;
  // Body text: a sentence ("Copy A of this form is provided ... only. Copy A appears in red,"), a
  // line starting in lower case.
  if (/[,;]$/.test(line) || /^\p{Ll}/u.test(line) || sentenceEnds(line)) return false;
  // At least two words of four letters: OCR noise ("ve —™ rp ~", "WPI Ieee Ont %") has fewer.
  return (line.match(/\p{L}{4,}/gu) ?? []).length >= 2;
}

/** Whether a sentence ends in the line: at its end, or before another ("only. Copy A", "Early.The"). */
function sentenceEnds(line: string): boolean {
  for (const m of line.matchAll(/([\p{L}\d]+)[.!?](?:\)?$|\s?(?=\p{Lu}))/gu)) {
    const word = m[1]!;
    if (!ABBREVIATION.test(word) && (/\d$/.test(word) || /\p{Ll}{2}$/u.test(word))) return true;
  }
  return false;
}
const ABBREVIATION = /^(inc|co|corp|ltd|no|nos|jr|sr|st|mr|mrs|ms|dr|vs|rev|vol|fig|dept|approx)$/i;

/** What a document of a known kind calls itself: an order's number and name, a letter's addressees, a form. */
function ownTitle(
  head: string,
  kind: string | null,
  issuer: string | null,
  form: string | null,
  signatory: string | null,
): string | null {
  if (kind === "executive order") return executiveOrderTitle(head);
  // "To the Shareholders of Berkshire Hathaway Inc.:": its first page is often a table. Who signed
  // it names it too ("What did Buffett say about ...").
  if (kind === "shareholder letter" && issuer)
    return `Letter to the shareholders of ${issuer}${signatory ? ` from ${signatory}` : ""}`;
  if (kind === "tax form" && form) {
    // "Form1040 U.S. Individual Income Tax Return 2021 OMB No. 1545-0074": the form's name follows its number.
    const named = new RegExp(
      String.raw`\bForm\s*${form.replace(/-/g, "-?")}\b[ \t]+([^\n\t]{8,90}?)(?:\s+OMB\b|\t|\n|$)`,
      "i",
    ).exec(head);
    const name = named && readsLikeTitle(clean(named[1]!)) ? ` ${clean(named[1]!)}` : "";
    return `Form ${form}${name}`;
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
/** "November 2009" run into an essay's first words. */
const DATELINE = new RegExp(String.raw`^${MONTH}\s+${YEAR}\s*(?=\S)`);

/**
 * The year it covers: a fiscal year end, a report's year or a revision date when one is written
 * out; else the year the first pages mention most (the latest of equals).
 */
function periodOf(head: string, opening: string, title: string): string | null {
  const explicit: [RegExp, string][] = [
    [new RegExp(String.raw`(?:fiscal )?(?:year|period) ended:?\s+${MONTH}\s+\d{1,2},?\s+${YEAR}`, "i"), head],
    // On its cover: a letter cites "the 2017 annual report" further on.
    [new RegExp(String.raw`\b${YEAR}\s+annual\s+report\b|\bannual\s+report\s+${YEAR}\b`, "i"), opening],
    [new RegExp(String.raw`\(rev\.\s+(?:${MONTH}\s+)?${YEAR}\)`, "i"), head],
    [new RegExp(String.raw`\b(?:fiscal|fy)\s*${YEAR}\b`, "i"), head],
    [new RegExp(String.raw`\bconstitution of ${YEAR}\b`, "i"), head],
    [new RegExp(String.raw`\bexecutive order \d+ of ${MONTH}\s+\d{1,2},?\s+${YEAR}`, "i"), head],
    // An essay's or a memo's dateline ("November 2009I don't think Apple realizes ...").
    [new RegExp(String.raw`^\s*${MONTH}\s+${YEAR}(?!\d)`, "m"), opening],
  ];
  for (const [re, text] of explicit) {
    const m = re.exec(text);
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
  // "Form 10-K", and "Form1040" as a form's own layout runs it together.
  const re = /\bform\s*((?:\d{1,4}-?[A-Z]{0,3}|[A-Z]{1,3}-\d{1,4}[A-Z]{0,2}))(?![\p{L}\d-])/iu;
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

/** Kinds of document signed at the end of their text, whose signatory is read from every page. */
export const SIGNED_KINDS = new Set(["shareholder letter"]);

/**
 * Who signed a letter: the last name on a line of its own (after a date or a closing, say) above
 * a role ("February 27, 2022\tWarren E. Buffett\nChairman of the Board").
 */
export function signatoryOf(pages: Iterable<string>): string | null {
  let last: string | null = null;
  for (const text of pages) for (const m of text.matchAll(SIGN_OFF)) last = clean(m[1]!);
  return last;
}
const SIGN_OFF =
  /(?:^|[\t\n,])[ \t]*((?:[A-Z][a-z]+\.? )(?:[A-Z]\. )?[A-Z][\p{L}'’-]+)[ \t]*\n[ \t]*(?:Chairman|Chairwoman|Chair|Chief Executive Officer|President|CEO|Managing Director|Vice Chairman)\b/gu;
