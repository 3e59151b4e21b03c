import type { Deps } from "../deps.ts";
import { workspaceFilesStamp } from "../files/repo.ts";
import { profileText } from "../ingestion/profile.ts";
import { documentLabel, isGenericNameWord, tokenize, type QueryTerm } from "./query.ts";
import { listDocumentLabelRows } from "./repo.ts";

/** Named documents searched on their own, and with those named as well as the last of them, at most. */
const NAMED_DOCUMENTS = 5;
const MAX_NAMED_DOCUMENTS = 12;
/**
 * A document named less than half as well as the best keeps this share of its weight: "Berkshire's
 * 2019 letter" names `2019ltr.pdf` only by its year, which the best match (another year's letter
 * whose profile says Berkshire) must not shut out entirely.
 */
const WEAKLY_NAMED = 0.4;
/**
 * A document's share is its score over the best one's, to this power: named as well but for one
 * word ("Berkshire Hathaway's letter for 2021" and the 2019 letter) it kept 0.74 of the weight,
 * too close to tell the year's letter apart. Squared: bench:retrieval R@1 mixed 0.68 -> 0.71 on
 * berkshire and 0.31 -> 0.34 on FinanceBench, no cell lower (a cube cost FinanceBench R@5).
 */
const NAME_CONTRAST = 2;

export type DocumentLabels = { id: string; words: Set<string> }[];
/** Per workspace: the label words of its indexed documents, and what they were read at. Made at boot, carried in Deps. */
export type DocumentLabelCache = Map<string, { stamp: string; docs: DocumentLabels; at: number }>;
/**
 * Labels are read again after this long whatever the stamp says: profiles derived again (the
 * worker's sweep after an upgrade, `npm run reprofile`) change no file, and another process's
 * cache would keep the old ones.
 */
const LABELS_TTL_MS = 5 * 60_000;

/**
 * What the question names, read from the workspace's document labels once (file name, title and
 * the profile derived from their first pages):
 * - `named`: the documents it names, scored by the question's words found in their label, each
 *   word weighted by how rare it is among the documents ("pepsico" names a filing, "10k" barely
 *   does); the best few as file id -> weight. None when one file is searched.
 * - `terms`: the question's terms less the name phrases a document's label holds, as its words or
 *   run together ("Berkshire Hathaway", "CVS Health" of CVSHEALTH_2022_10K.pdf): the document
 *   stage weighs those, and as terms they drew the pages that repeat the company's name instead
 *   of the answer's. Other names stay ("Council of State", "Warren Commission").
 */
export async function documentNaming(
  deps: Deps,
  o: { workspaceId: string; fileIds?: string[]; nameWords: string[]; terms: QueryTerm[] },
): Promise<{ named: Map<string, number>; terms: QueryTerm[] }> {
  const names = o.fileIds?.length !== 1 && o.nameWords.length > 0;
  const phrases = o.terms.some((t) => t.name);
  if (!names && !phrases) return { named: new Map(), terms: o.terms };
  const docs = await documentLabels(deps, o.workspaceId);
  const only = o.fileIds?.length ? new Set(o.fileIds) : null;
  return {
    named: names
      ? nameShares(
          docs.filter((d) => !only || only.has(d.id)),
          o.nameWords,
        )
      : new Map(),
    terms: phrases ? termsNamingNoDocument(docs, o.terms) : o.terms,
  };
}

/** The terms of {@link documentNaming}, over labels already read. */
export function termsNamingNoDocument(docs: DocumentLabels, terms: QueryTerm[]): QueryTerm[] {
  // As its words, or run together the way file names write them ("CVS Health" -> "CVSHEALTH_2022_10K").
  const names = (d: DocumentLabels[number], words: string[]) =>
    words.every((w) => holdsName(d.words, w)) || d.words.has(words.join(""));
  return terms.filter((t) => !t.name || !docs.some((d) => names(d, t.words)));
}

/** The weighting of {@link documentNaming}'s named documents, over labels already read. */
export function nameShares(docs: DocumentLabels, nameWords: string[]): Map<string, number> {
  const named = new Map<string, number>();
  if (docs.length < 2 || nameWords.length === 0) return named;
  // Each word's forms once (not per document): the demonym stems cost 1 ms a search at 1,000 documents.
  const wanted = [...new Set(nameWords)].map((w) => ({ w, forms: nameForms(w) }));
  const matches = docs.map((d) => wanted.filter(({ forms }) => forms.some((f) => d.words.has(f))).map(({ w }) => w));
  const df = new Map<string, number>();
  for (const matched of matches) for (const w of matched) df.set(w, (df.get(w) ?? 0) + 1);
  // A document is named by a word of its own (a company, a country, a title word); years, form
  // types and kinds only narrow down among those.
  const scores = docs
    .map((d, i) => {
      const matched = matches[i]!;
      const own = matched.some((w) => !isGenericNameWord(w));
      return { id: d.id, score: own ? matched.reduce((s, w) => s + Math.log(docs.length / df.get(w)!), 0) : 0 };
    })
    .filter((d) => d.score > 0)
    .sort((a, b) => b.score - a.score);
  // Documents named as well as the last one kept are kept too: six yearly letters all named by
  // "Berkshire" lost one of them to the order they were read in.
  const cut = scores[NAMED_DOCUMENTS - 1]?.score ?? 0;
  const kept = scores.filter((d) => d.score >= cut).slice(0, MAX_NAMED_DOCUMENTS);
  const best = kept[0]?.score ?? 0;
  for (const d of kept) {
    const share = (d.score / best) ** NAME_CONTRAST;
    named.set(d.id, share >= 0.5 ? share : WEAKLY_NAMED * share);
  }
  return named;
}

/**
 * The named documents' weights, checked against what their pages hold. A document named better
 * than the named one that holds most of the question (`covered`: each document's share of the
 * question's words, coverage.ts) keeps its lead over it only in proportion to its share of that
 * one's: "the hurricanes that struck Texas, Florida and Puerto Rico" named the Florida Department
 * of Health's plan ("Florida" its only rare word) far above Berkshire's letters, and its pages
 * holding "Florida" alone came 2nd, 4th and 5th for Berkshire's hurricane losses. Documents named
 * no better than that one keep their weights: six letters named alike by "Buffett" are told apart
 * by coverage already, not twice.
 */
export function confirmNaming(named: Map<string, number>, covered: Map<string, number>): Map<string, number> {
  if (named.size < 2) return named;
  let anchor: string | undefined;
  let most = 0;
  for (const id of named.keys()) {
    const share = covered.get(id) ?? 0;
    if (share > most) [anchor, most] = [id, share];
  }
  if (anchor === undefined) return named;
  const floor = named.get(anchor)!;
  const confirmed = new Map<string, number>();
  for (const [id, weight] of named)
    confirmed.set(id, weight <= floor ? weight : floor + ((weight - floor) * (covered.get(id) ?? 0)) / most);
  return confirmed;
}

/**
 * Whether a label holds a name word, or the place a word for its people or things comes from
 * ("Kenyan" -> "kenya", "South African" -> "africa", "Nepali" -> "nepal", "Ghanaian" -> "ghana",
 * "Japanese" -> "japan"): a constitution's label says "Kenya", its question "Kenyan banknotes".
 */
export function holdsName(words: Set<string>, word: string): boolean {
  return nameForms(word).some((f) => words.has(f));
}

/** The word, and the places it may be a people's word for (stems of four letters or more). */
function nameForms(word: string): string[] {
  if (/\d/.test(word)) return [word];
  const forms = [word];
  for (const e of DEMONYM_ENDINGS)
    if (word.endsWith(e) && word.length - e.length >= 4) forms.push(word.slice(0, -e.length));
  return forms;
}
const DEMONYM_ENDINGS = ["ian", "ese", "an", "n", "i"];

/**
 * The workspace's documents and their label words, read again when its files changed (a file
 * added, removed, renamed, re-indexed or moved bumps the count or the latest `updated_at`: one
 * indexed lookup, where reading and tokenizing every label took 12 ms at 950 documents), and
 * every LABELS_TTL_MS.
 */
async function documentLabels(deps: Deps, workspaceId: string): Promise<DocumentLabels> {
  const files = await workspaceFilesStamp(deps.db.kysely, workspaceId);
  const stamp = `${files.count}/${files.updatedAt}`;
  const cache = deps.documentLabels;
  const hit = cache.get(workspaceId);
  if (hit?.stamp === stamp && Date.now() - hit.at < LABELS_TTL_MS) return hit.docs;
  const rows = await listDocumentLabelRows(deps.db.kysely, workspaceId);
  const docs = rows.map((d) => {
    const profile = { title: d.profile_title, kind: d.kind, issuer: d.issuer, period: d.period, form: d.form };
    return { id: d.id, words: new Set(tokenize(`${documentLabel(d.filename, d.title)} ${profileText(profile)}`)) };
  });
  cache.set(workspaceId, { stamp, docs, at: Date.now() });
  return docs;
}
