/**
 * Turns a question into search terms without any model: words and phrases, never query syntax.
 * - Instruction words ("please state and explain why", "round to two decimal places") and common
 *   English stop words are dropped; they match every page and drown the words that matter.
 * - Fiscal periods split into their parts ("FY2022" -> "fy", "2022"; "Q2'23" -> "q2", "23").
 * - Analyst vocabulary expands to the words filings use ("capex" -> "capital expenditures",
 *   "purchases of property and equipment"; "operating margin" -> "operating income", ...).
 *   Expansions are weaker terms than the question's own words.
 */

import { THESAURUS } from "./thesaurus.ts";

export interface QueryTerm {
  /** One word, or several for a phrase ("net sales"). Lower-case letters and digits. */
  words: string[];
  /** 1 for the question's own words, less for expansions. */
  weight: number;
  /** A phrase the question writes as a name ("Council of State"): namePhrases. */
  name?: true;
}

export interface AnalyzedQuery {
  terms: QueryTerm[];
  /**
   * Words that may name a document: the question's own words and each pair of neighbours
   * joined ("Best Buy" -> "bestbuy"), matched against file names and titles.
   */
  nameWords: string[];
  /** Every distinct word of the terms (for snippets and highlighting). */
  words: string[];
  /** Neighbouring words of the question, in its order (proximity.ts). */
  pairs: [string, string][];
}

const STOP = new Set(
  (
    "a about above after again against all am an and any are aren as at be because been before being below between both but by can " +
    "could did do does doing down during each few for from further had has have having he her here hers herself him himself his how " +
    "i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over " +
    "own same she should so some such than that the their theirs them themselves then there these they this those through to too under " +
    "until up very was we were what when where which while who whom why will with would you your yours yourself yourselves " +
    // Instructions and question framing: they say how to answer, not where the answer is.
    "please explain answer question response respond give relying rely details detail shown show shows using use based " +
    "calculate compute round rounded decimal places place units unit basis define defined definition metric useful relevant " +
    "like whether roughly approximately much many also mentioned report reported reports tell us kind primarily primary main key " +
    "company companies company's ever overall exactly specifically respect regards regarding considered consider"
  ).split(/\s+/),
);

/** Whether the question analysis drops `word` (lower-case) as a stop word. */
export const isStopWord = (word: string): boolean => STOP.has(word);

/**
 * Periods and form types the way file names and filings write them: "FY2022" -> "fy 2022",
 * "FY21" -> "fy 2021", "2023Q4" -> "2023 q4", "Q2'23" -> "q2 23", "10-K" -> "10k".
 */
function normalizePeriods(text: string): string {
  return text
    .replace(/\b(fy|cy)['’]?(\d{2})(?!\d)/gi, (_, p: string, yy: string) => `${p} 20${yy}`)
    .replace(/\b(fy|cy)(\d{4})/gi, "$1 $2")
    .replace(/(\d{4})(q[1-4])\b/gi, "$1 $2")
    .replace(/\b(q[1-4])['’]?(\d{2,4})\b/gi, "$1 $2")
    .replace(/\b(10|8|20)[\s-]?([kqf])\b/gi, "$1$2");
}

/** "SG&A" -> "sg a", "P&L" -> "p l": the same words the index holds for them. */
export function tokenize(text: string): string[] {
  return (
    normalizePeriods(text)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

const EXPANSION_WEIGHT = 0.5;
const MAX_TERMS = 48;

export function analyzeQuery(query: string): AnalyzedQuery {
  const tokens = tokenize(query);
  const joined = ` ${tokens.join(" ")} `;
  const terms: QueryTerm[] = [];
  const seen = new Set<string>();
  const add = (words: string[], weight: number, name?: true) => {
    const key = words.join(" ");
    if (words.length === 0 || seen.has(key)) return;
    seen.add(key);
    terms.push(name ? { words, weight, name } : { words, weight });
  };
  tokens.forEach((t, i) => {
    if (!STOP.has(t) && !instructs(tokens, i)) add([t], 1);
  });
  // Single letters left over ("a" of "sg a") are noise on their own; digits are kept.
  const own = terms.filter((t) => t.words[0]!.length > 1 || /\d/.test(t.words[0]!));
  terms.length = 0;
  seen.clear();
  for (const t of own) add(t.words, 1);
  // An acronym spelled like a stop word ("the WHO", "IT spending") is a name, not a function word.
  for (const m of query.matchAll(/\b[A-Z]{2,}\b/g)) if (STOP.has(m[0].toLowerCase())) add([m[0].toLowerCase()], 1);
  for (const phrase of namePhrases(query)) add(phrase, 1, true);
  for (const group of THESAURUS) {
    const found = group.find((member) => !member.startsWith("~") && joined.includes(` ${member} `));
    if (!found) continue;
    for (const member of group.map((m) => m.replace(/^~/, ""))) {
      if (member === found) continue;
      const words = member.split(" ").filter((w) => !STOP.has(w) || member.includes(" "));
      add(words, EXPANSION_WEIGHT);
    }
  }
  const limited = terms.slice(0, MAX_TERMS);
  // Neighbours among the question's own words (no stop words, stray letters or instructions),
  // written next to each other: not numbers (years.ts weighs a year), not across a stop word
  // ("funds of funds").
  const kept = new Set(own.map((t) => t.words[0]!));
  const pairs: [string, string][] = [];
  const paired = new Set<string>();
  let previous: string | null = null;
  tokens.forEach((t, i) => {
    const word = kept.has(t) && !/\d/.test(t) && !instructs(tokens, i) ? t : null;
    if (previous && word && previous !== word && !paired.has(`${previous} ${word}`)) {
      paired.add(`${previous} ${word}`);
      pairs.push([previous, word]);
    }
    previous = word;
  });
  return {
    terms: limited,
    nameWords: nameWords(query),
    words: [...new Set(limited.flatMap((t) => t.words))],
    pairs,
  };
}

/**
 * Words that frame the answer only in some places: "state" after "please" or "then" and as a
 * question's first word ("Please state that and explain why"), not in "a State officer" or "the
 * Council of State"; "terms" in "in terms of", not in "terms of office".
 */
function instructs(tokens: string[], i: number): boolean {
  if (tokens[i] === "state") return i === 0 || tokens[i - 1] === "please" || tokens[i - 1] === "then";
  // "in terms of revenue", but "How many terms may a president serve?"
  if (tokens[i] === "terms") return tokens[i - 1] === "in" && tokens[i + 1] === "of";
  return false;
}

/** Small words a name may hold between its capitalised ones ("Council of State"). */
const NAME_JOINERS = new Set(["of", "the", "and", "for", "on", "de"]);

/**
 * Phrases the question writes as names, searched as phrases besides their words: runs of two or
 * more capitalised words ("Warren Commission", "Council of State", "GODFREY PHILLIPS INDIA
 * LIMITED"), not counting a sentence's first word when it is a stop word ("What", "Which"), and
 * a label with its one-letter code ("code G", "Schedule K", "Box D": the letter alone is noise),
 * and hyphenated names and codes ("DeepSeek-V3", "Form 1099-C").
 */
export function namePhrases(query: string): string[][] {
  const phrases: string[][] = [];
  const words = [...normalizePeriods(query).matchAll(/[\p{L}\p{N}&]+(?:['’][\p{L}]+)?|[^\s\p{L}\p{N}]/gu)].map((m) =>
    m[0].replace(/['’]s$/i, ""),
  );
  let run: string[] = [];
  const flush = () => {
    // "The Warren Commission", "A Council of": the small words at its edges are no part of it.
    while (run.length > 0 && STOP.has(run[0]!.toLowerCase())) run.shift();
    while (run.length > 0 && NAME_JOINERS.has(run.at(-1)!.toLowerCase())) run.pop();
    const tokens = run.flatMap((w) => tokenize(w));
    if (run.length >= 2 && tokens.length >= 2) phrases.push(tokens);
    run = [];
  };
  words.forEach((word, i) => {
    const capital = /^\p{Lu}/u.test(word);
    const first = i === 0 || /^[.?!;:]$/.test(words[i - 1]!);
    if (capital && !(first && STOP.has(word.toLowerCase()))) run.push(word);
    else if (run.length > 0 && NAME_JOINERS.has(word.toLowerCase())) run.push(word);
    else flush();
    // "code G": a word and a one-letter code (not the words "I" and "A").
    const previous = words[i - 1];
    if (/^[B-HJ-Z]$/.test(word) && previous && /^\p{L}{3,}$/u.test(previous) && !STOP.has(previous.toLowerCase()))
      phrases.push([previous.toLowerCase(), word.toLowerCase()]);
  });
  flush();
  // A hyphenated name or code ("DeepSeek-V3", "1099-C", "K-1"): its parts in a row.
  for (const m of query.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu)) {
    const tokens = tokenize(m[0]);
    if (tokens.length >= 2 && /[\p{Lu}\p{N}]/u.test(m[0])) phrases.push(tokens);
  }
  return phrases;
}

/** Lower-case words that name a kind of document. */
export const KIND_WORDS = new Set(
  "letter constitution constitutional form return essay paper report filing 10k 10q 8k proxy agreement contract invoice receipt memo memorandum order".split(
    " ",
  ),
);

/**
 * A name word that can only narrow a document down, not name it: a year or other number, a form
 * type, a kind of document ("the 2021 return" names no document in a room of 2021 filings).
 */
export function isGenericNameWord(word: string): boolean {
  return /^\d+$/.test(word) || /^(fy|cy|q[1-4]|\d{1,2}[kqf])$/.test(word) || KIND_WORDS.has(word);
}

/**
 * Words written like names: capitalised (a sentence's first word too, unless it is a stop word like
 * "What"), or with digits (periods, form types, "3M"); neighbours are also joined ("Best Buy" ->
 * "bestbuy"). They only count where a document's file name or title holds them.
 */
function nameWords(query: string): string[] {
  const names = new Set<string>();
  // Words for what a document is ("the 2019 shareholder letter", "the constitution"): documents'
  // profiles hold them (ingestion/profile.ts), whatever their file is called.
  for (const t of tokenize(query)) if (KIND_WORDS.has(t)) names.add(t);
  let previous: string[] | null = null;
  for (const m of normalizePeriods(query).matchAll(/[\p{L}\p{N}&]+(?:['’][\p{L}]+)?|[.?!;:]/gu)) {
    const word = m[0];
    const isName = /\d/.test(word) || /\p{Lu}/u.test(word);
    const tokens = isName ? tokenize(word.replace(/['’]s$/i, "")).filter((t) => !STOP.has(t)) : [];
    // A letter alone names nothing ("code G" matched a file whose label held a stray "g"); joined
    // to its neighbour it still may ("S&P" -> "sp").
    for (const t of tokens) if (t.length > 1 || /\d/.test(t)) names.add(t);
    if (tokens.length > 0 && previous) names.add(previous.join("") + tokens.join(""));
    previous = tokens.length > 0 ? tokens : null;
  }
  return latestYearOnly([...names]);
}

/**
 * Of several years, only the latest names a document: a report covers the years before its own (a
 * 2022 10-K holds 2022, 2021 and 2020; "from 2007 to 2009" is the 2009 report's table), and a
 * question about a span was written after it ("from its September 2008 high to its March 2009
 * low" named the 2008 letter over the later one that looks back on it). Every year still counts
 * as a search term and for the pages that hold it (years.ts).
 */
function latestYearOnly(names: string[]): string[] {
  const years = names.filter((w) => YEAR.test(w));
  if (new Set(years).size < 2) return names;
  const latest = years.reduce((a, b) => (a > b ? a : b));
  return names.filter((w) => [...w.matchAll(YEARS_IN)].every((m) => m[0] === latest));
}
const YEAR = /^(19|20)\d{2}$/;
/** A year written inside a name word ("fy2021", "september2008"): not within a longer number. */
const YEARS_IN = /(?<!\d)(?:19|20)\d{2}(?!\d)/g;

/**
 * What the index holds as a document's label: its file name in words ("PEPSICO_2022_10K.pdf" ->
 * "pepsico 2022 10k"), also with joined neighbours so "Best Buy" finds "BESTBUY", then its title.
 */
export function documentLabel(filename: string, title: string): string {
  const words = tokenize(filename.replace(/\.[a-z0-9]{1,5}$/i, "").replace(/[_\-.]+/g, " "));
  return [...words, title].join(" ").trim();
}
