/**
 * Suggested questions built from what the documents are (their derived profile: kind, issuer,
 * period, form) and what they contain (their section headings), without a model: "What was
 * Acme Inc.'s total revenue in fiscal 2022?" for a 10-K, "Summarise Berkshire's 2019 letter" for
 * a letter. Documents take turns, so a few questions cover several documents.
 */

export interface DocumentFacts {
  filename: string;
  /** The parser's title (metadata or file name). */
  title: string;
  profileTitle: string | null;
  kind: string | null;
  issuer: string | null;
  period: string | null;
  form: string | null;
  headings: string[];
}

const MAX_NAME = 80;
const possessive = (who: string) => (/s$/i.test(who) ? `${who}'` : `${who}'s`);

/** How the kinds read after an issuer's name ("Acme Inc.'s 2022 10-K"). */
const KIND_NAMES: Record<string, string> = {
  "10-K annual report": "10-K",
  "10-Q quarterly report": "10-Q",
  "8-K current report": "8-K",
};

/**
 * What to call a document in a question: who issued what for when ("Berkshire Hathaway Inc.'s
 * 2019 shareholder letter") when the profile says so, else its title, else its file name. A title
 * that reads like a sentence (a letter's first line) is cut at a word.
 */
export function documentName(
  d: Pick<DocumentFacts, "filename" | "title" | "profileTitle" | "kind" | "issuer" | "period">,
): string {
  if (d.kind && d.issuer && d.kind !== "constitution" && d.kind !== "tax form")
    return `${possessive(d.issuer)} ${d.period ? `${d.period} ` : ""}${KIND_NAMES[d.kind] ?? d.kind}`;
  const name = (d.profileTitle ?? d.title ?? "").replace(/\s+/g, " ").trim() || d.filename;
  if (name.length <= MAX_NAME) return name;
  return `${name.slice(0, MAX_NAME).replace(/\s+\S*$/, "")}…`;
}

const inPeriod = (period: string | null, word = "in") => (period ? ` ${word} ${period}` : "");

/** The questions one document suggests, most useful first. */
export function questionsFor(d: DocumentFacts): string[] {
  const name = documentName(d);
  const who = d.issuer;
  const p = d.period;
  const q: string[] = [];
  switch (d.kind) {
    case "10-K annual report":
    case "annual report":
      if (who) {
        q.push(`What was ${possessive(who)} total revenue${inPeriod(p && `fiscal ${p}`)}?`);
        q.push(
          `What are the main risks ${who} describes in its ${p ? `${p} ` : ""}${d.kind === "annual report" ? "annual report" : "10-K"}?`,
        );
        q.push(`How did ${possessive(who)} operating income and margins change${inPeriod(p)}?`);
      } else {
        q.push(`What total revenue and net income are reported in ${name}?`);
        q.push(`What were the highlights of ${name}?`);
      }
      break;
    case "10-Q quarterly report":
      q.push(`What were ${who ? possessive(who) : "the"} revenue and net income for the quarter${inPeriod(p)}?`);
      q.push(`What changed since ${who ? possessive(who) : "the"} last annual report?`);
      break;
    case "8-K current report":
      q.push(`What event does ${who ? `${possessive(who)} 8-K` : name} report?`);
      break;
    case "proxy statement":
      q.push(`How much were ${who ? possessive(who) : "the company's"} executives paid${inPeriod(p)}?`);
      q.push(`What do shareholders vote on in ${name}?`);
      break;
    case "shareholder letter":
      q.push(`Summarise ${name}`);
      q.push(`What does ${name} say about capital allocation and acquisitions?`);
      break;
    case "constitution": {
      const of = who ? `the constitution of ${who}` : name;
      q.push(`How can ${of} be amended?`);
      q.push(`What fundamental rights does ${of} guarantee?`);
      break;
    }
    case "executive order":
      q.push(`What does ${name} order, and who must carry it out?`);
      break;
    case "tax form":
      q.push(`Who must file ${d.form ? `Form ${d.form}` : name}, and what is it for?`);
      break;
    case "research paper":
      q.push(`What are the main findings of "${name}"?`);
      q.push(`What method does "${name}" use, and on what data?`);
      break;
    case "invoice":
      q.push(`What is the total due on ${name}, and when is it due?`);
      break;
    case "receipt":
      q.push(`What was bought and how much was paid on ${name}?`);
      break;
    case "press release":
      q.push(`What does ${who ?? "the press release"} announce in ${name}?`);
      break;
    case "agreement":
      q.push(`What are the main obligations and termination terms of ${name}?`);
      break;
    default:
      q.push(`Summarise ${name}`);
  }
  const asked = q.join(" ").toLowerCase();
  const fresh = usefulHeadings(d, name).filter((h) => !asked.includes(h.toLowerCase().slice(0, 4)));
  for (const h of fresh.slice(0, 2)) q.push(`What does ${name} say about ${h}?`);
  if (q.length < 2) q.push(`What are the key facts and figures in ${name}?`);
  return q;
}

/** Headings that name a topic: not the title again, not a page number or a table of contents. */
function usefulHeadings(d: DocumentFacts, name: string): string[] {
  const seen = new Set([name.toLowerCase(), d.title.toLowerCase(), (d.profileTitle ?? "").toLowerCase()]);
  const out: string[] = [];
  for (const raw of d.headings) {
    const h = raw
      .replace(/^#+\s*/, "")
      .replace(/^(item|part|section|chapter|article)\s+[\divxlc]+[a-z]?[.:]?\s*/i, "")
      .replace(/[.:]+$/, "")
      .replace(/\s+/g, " ")
      .trim();
    if (h.length < 4 || h.length > 60 || seen.has(h.toLowerCase())) continue;
    if (!/\p{L}{3}/u.test(h) || GENERIC_HEADING.test(h)) continue;
    seen.add(h.toLowerCase());
    // "LIQUIDITY AND CAPITAL RESOURCES" and "Liquidity and Capital Resources" read as "liquidity and capital resources".
    out.push(h === h.toUpperCase() || /^[A-Z][a-z]+( [A-Z]?[a-z]+)+$/.test(h) ? h.toLowerCase() : h);
  }
  return out;
}

/** Headings that head many documents without naming a topic. */
const GENERIC_HEADING =
  /^(page|table of contents|contents|index|signatures?|exhibits?|united states|securities and exchange commission|form \d|annual report|quarterly report)\b/i;

const FINANCIAL = new Set(["10-K annual report", "annual report", "10-Q quarterly report"]);

/** A question across two documents: two issuers' results side by side, or one issuer's over two periods. */
export function comparisonQuestion(docs: DocumentFacts[]): string | null {
  const fin = docs.filter((d) => d.kind && FINANCIAL.has(d.kind) && d.issuer);
  for (let i = 0; i < fin.length; i++)
    for (let j = i + 1; j < fin.length; j++) {
      const [a, b] = [fin[i]!, fin[j]!];
      if (a.issuer === b.issuer && a.period && b.period && a.period !== b.period) {
        const [from, to] = [a.period, b.period].sort();
        return `How did ${possessive(a.issuer!)} revenue change from ${from} to ${to}?`;
      }
      if (a.issuer !== b.issuer)
        return `Compare ${a.issuer} and ${b.issuer}: revenue and operating income${inPeriod(a.period === b.period ? a.period : null)}`;
    }
  return null;
}

/** Up to `count` questions: each document's best first (newest document first), then their next ones. */
export function questionsFromDocuments(docs: DocumentFacts[], count: number): string[] {
  const lists = docs.map(questionsFor);
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (q: string | null) => {
    if (!q || seen.has(q.toLowerCase()) || out.length >= count) return;
    seen.add(q.toLowerCase());
    out.push(q);
  };
  const compare = comparisonQuestion(docs);
  const depth = Math.max(0, ...lists.map((l) => l.length));
  for (let round = 0; round < depth; round++) {
    for (const l of lists) add(l[round] ?? null);
    if (round === 0) add(compare);
  }
  return out;
}
