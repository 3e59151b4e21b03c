import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../platform/db/schema.ts";
import { FileRankCache, rankFilePassages } from "./file-rank.ts";
import { EXACT_BELOW, planTerms, SCORE_BUDGET, skipsCommonExpansion } from "./plan-terms.ts";
import type { QueryTerm } from "./query.ts";
import { passageRows } from "./passage-rows.ts";
import type { SearchHit, SearchIndex, SearchOptions } from "./search-index.ts";

/**
 * Column weights for bm25(): the passage text, its section heading, and the document label
 * (file name and title), which is how a question naming a company or a period finds its filing.
 */
const WEIGHTS = sql.raw("1.0, 0.5, 1.0");
/**
 * Passages ranked inside FTS5 per wanted result: the rest are cut before the join to passages and
 * files, which otherwise reads (and sorts) the text of every match. Other workspaces' passages and
 * old versions are filtered after the cut; when they crowd it out the query runs again uncut.
 */
const OVERFETCH = 4;

/**
 * FTS5 with bm25() (lower is better there, so the score is its negation). Each term is a quoted
 * word or phrase and the terms are OR-ed: user input can't be an FTS syntax error, and bm25
 * rewards passages matching more of them. At scale the passages must also hold one of the rarest
 * terms (plan-terms.ts): `(all terms) AND (rare terms)`. FTS5 scores every phrase of the
 * expression, so the rare ones count twice there; ranking them apart to take that share off
 * again cost time and measured no better (docs/ARCHITECTURE.md).
 */
export function sqliteSearchIndex(
  db: Kysely<Database>,
  options: SearchOptions = {},
  caches: SqliteCaches = { df: null, files: new FileRankCache() },
): SearchIndex {
  return {
    withOptions: (o) => sqliteSearchIndex(db, o, caches),
    async addPassages(tx, o) {
      // Each passage's FTS row shares its rowid (seq), numbered on from the last one.
      const row = await sql<{ m: number | null }>`select max(seq) as m from passages`.execute(tx);
      for (const rows of passageRows(o, row.rows[0]?.m ?? 0)) {
        await tx.insertInto("passages").values(rows).execute();
        const values = sql.join(rows.map((r) => sql`(${r.seq}, ${r.text}, ${r.heading}, ${o.label})`));
        await sql`insert into passages_fts(rowid, text, heading, title) values ${values}`.execute(tx);
      }
    },
    async removeVersion(tx, versionId) {
      // A trigger removes their FTS rows.
      await tx.deleteFrom("passages").where("version_id", "=", versionId).execute();
    },
    async search(q) {
      if (q.terms.length === 0) return [];
      const { df, total, cap } = await documentFrequencies(db, caches, q.terms);
      const plan = planTerms(q.terms, (w) => df.get(w) ?? 0, total, { exact: options.exactPlans });
      if (plan.kept.length === 0) return [];
      if (skipsCommonExpansion(q, plan.kept, (w) => df.get(w), options.exactPlans)) return [];
      const or = (terms: QueryTerm[]) => terms.map((t) => `"${t.words.join(" ")}"`).join(" OR ");
      const oneFile = q.fileIds?.length === 1;
      // At data-room scale one file's passages are ranked in this process with every term
      // (file-rank.ts); a word counted past the cap is taken as the cap (a low, not a zero, IDF).
      // Below it FTS5 ranks them, as it does a file too large to rank here.
      if (oneFile && total > EXACT_BELOW) {
        const inFile = await rankFilePassages(
          db,
          caches.files,
          { workspaceId: q.workspaceId, fileId: q.fileIds![0]!, terms: q.terms, limit: q.limit },
          (w) => Math.min(df.get(w) ?? 0, cap),
          total,
        );
        if (inFile) return inFile;
      }
      const word = (t: QueryTerm, below: number) =>
        t.words.length === 1 && (df.get(t.words[0]!) ?? 0) > 0 && df.get(t.words[0]!)! < below;
      // A file FTS5 ranks at scale (too large to rank in process): bm25 still counts each term's
      // passages in the whole index, so besides the planned terms only the words short of common
      // (counted under the cap) are scored, not the common phrases, which read every word's list
      // ("of"). Below scale the planned terms are all of them.
      const kept = oneFile ? q.terms.filter((t) => plan.kept.includes(t) || word(t, cap)) : plan.kept;
      const match = !oneFile && plan.required ? `(${or(kept)}) AND (${or(plan.required)})` : or(kept);
      const first = await ranked(db, q, match, q.limit * OVERFETCH);
      // A file may hold none of those but some of the common words left unscored.
      if (oneFile && first.hits.length === 0) {
        const wider = q.terms.filter((t) => kept.includes(t) || word(t, Infinity));
        return wider.length > kept.length ? (await ranked(db, q, or(wider), null)).hits : [];
      }
      if (first.hits.length >= q.limit || !first.full) return first.hits;
      return (await ranked(db, q, match, null)).hits;
    },
  };
}

type Scope = { workspaceId: string; fileIds?: string[]; limit: number };

/**
 * The best `limit` passages. With files chosen, FTS5 reads only the run of rowids from the first
 * chosen file's to the last's (a version's passages are written in one transaction, so each
 * file's seqs form one run): other documents' matches are never scored. CROSS JOIN keeps the
 * ranked rows the outer loop: in a workspace that holds most of the index SQLite's planner chose
 * to walk all its passages by `workspace_id` instead (160 ms, against 7 ms, at 271,000 passages).
 * `cut`: FTS rows kept before the join; the return says whether the cut was full (then it may
 * have hidden results).
 */
async function ranked(
  db: Kysely<Database>,
  q: Scope,
  match: string,
  cut: number | null,
): Promise<{ hits: SearchHit[]; full: boolean }> {
  const fts = (range: RawBuilder<unknown>) =>
    sql`select rowid as seq, bm25(passages_fts, ${WEIGHTS}) as rank from passages_fts where passages_fts match ${match} ${range}`;
  let source: RawBuilder<unknown>;
  if (q.fileIds?.length) {
    const rows = await fileRuns(db, sql`fs.id in (${sql.join(q.fileIds)})`);
    if (rows.length === 0) return { hits: [], full: false };
    // FTS5 seeks to the first file's run and stops after the last's; between them, the rows of
    // other files are passed over on their rowid, before the cut and the join that reads their
    // text. Files named far apart span most of the index: the cut of 1,200 rows filled with other
    // files' matches, the join read them all and dropped them, and the query ran again uncut.
    const runs =
      rows.length > 1 && rows.length <= FILE_RUNS_MAX
        ? sql`and (${sql.join(
            rows.map((r) => sql`passages_fts.rowid between ${r.lo} and ${r.hi}`),
            sql` or `,
          )})`
        : sql``;
    const hi = Math.max(...rows.map((r) => r.hi));
    source = fts(sql`and passages_fts.rowid between ${rows[0]!.lo} and ${hi} ${runs}`);
  } else {
    const spans = await podSpans(db, q.workspaceId);
    if (spans?.length === 0) return { hits: [], full: false };
    source = spans
      ? sql.join(
          spans.map((s) => fts(sql`and passages_fts.rowid between ${s.lo} and ${s.hi}`)),
          sql` union all `,
        )
      : fts(sql``);
  }
  const order = cut === null ? sql`` : sql`order by rank limit ${cut}`;
  const files = q.fileIds?.length ? sql`and f.id in (${sql.join(q.fileIds)})` : sql``;
  // A passage is the workspace's when one of its files shows that version (a snapshot's files
  // show their source's versions, so its passages are shared, not copied).
  const { rows } = await sql<Omit<SearchHit, "score"> & { rank: number; fetched: number }>`
    with m as materialized (${source} ${order})
    select p.id as passage_id, f.id as file_id, p.version_id, f.filename, p.page, p.text, p.listing, m.rank, (select count(*) from m) as fetched
    from m
    cross join passages p on p.seq = m.seq
    cross join files f on f.current_version_id = p.version_id and f.workspace_id = ${q.workspaceId} and f.scope = 'workspace'
    where 1 = 1 ${files}
    order by m.rank, p.page, p.start, p.id
    limit ${q.limit}`.execute(db);
  const hits = rows.map(({ rank, fetched: _, ...hit }) => ({
    ...hit,
    page: Number(hit.page),
    listing: Boolean(hit.listing),
    score: -rank,
  }));
  // Nothing joined: whether the cut was full is unknown, so call it full (the caller retries uncut).
  const full = cut !== null && (rows.length === 0 || Number(rows[0]!.fetched) >= cut);
  return { hits, full };
}

/** Chosen files of at most this many are filtered by their runs of rowids in the FTS scan (`ranked`). */
const FILE_RUNS_MAX = 64;

/** Pods of at most this many files are searched file by file (podSpans). */
const POD_SPANS_MAX_FILES = 16;

/**
 * The rowid runs of a small Pod's current passages (one per file: a version's passages are
 * written in one transaction), or null for a larger Pod. FTS5 then reads only those runs of each
 * word's list, where a Pod-wide query scored every match in the whole index and filtered after:
 * 15-50 ms for a one-file Pod beside a 2,400-page one, most of it bm25. The scores are the same
 * (bm25's statistics are the whole index's either way).
 */
async function podSpans(db: Kysely<Database>, workspaceId: string): Promise<{ lo: number; hi: number }[] | null> {
  const { rows: count } = await sql<{ n: number }>`
    select count(*) as n from files where workspace_id = ${workspaceId} and scope = 'workspace'`.execute(db);
  if (Number(count[0]?.n ?? 0) > POD_SPANS_MAX_FILES) return null;
  return fileRuns(db, sql`fs.workspace_id = ${workspaceId} and fs.scope = 'workspace'`);
}

/** The rowid run of each matching file's current passages, first run first. */
async function fileRuns(db: Kysely<Database>, where: RawBuilder<unknown>): Promise<{ lo: number; hi: number }[]> {
  const { rows } = await sql<{ lo: number; hi: number }>`
    select min(ps.seq) as lo, max(ps.seq) as hi from files fs join passages ps on ps.version_id = fs.current_version_id
    where ${where} group by fs.id order by lo`.execute(db);
  return rows.map((r) => ({ lo: Number(r.lo), hi: Number(r.hi) }));
}

/**
 * How many passages hold each word, counted by FTS5 itself (so its tokenizer and stemming apply),
 * up to a cap: past it a word is common, and counting it all would cost what ranking does.
 * Cached per index instance; a word's count is an estimate for planning, refreshed when the
 * index has grown or shrunk by a tenth. All workspaces together: a word's rarity, like bm25's
 * IDF, is the whole index's.
 */
async function documentFrequencies(
  db: Kysely<Database>,
  caches: SqliteCaches,
  terms: QueryTerm[],
): Promise<{ df: Map<string, number>; total: number; cap: number }> {
  const totalRow = await sql<{ n: number | null }>`select max(seq) as n from passages`.execute(db);
  const total = Number(totalRow.rows[0]?.n ?? 0);
  let cache = caches.df;
  if (!cache || Math.abs(total - cache.total) > cache.total / 10) caches.df = cache = { total, words: new Map() };
  const cap = Math.max(SCORE_BUDGET, Math.ceil(total * DF_CAP_SHARE));
  const df = new Map<string, number>();
  for (const word of new Set(terms.flatMap((t) => t.words))) {
    let n = cache.words.get(word);
    if (n === undefined) {
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from (select 1 from passages_fts where passages_fts match ${`"${word}"`} limit ${cap})`.execute(
        db,
      );
      n = Number(rows[0]?.n ?? 0);
      // Past the cap the count is unknown: cost it as the whole index.
      if (n >= cap) n = Math.max(cap, total);
      // Not a word no passage holds yet: the next upload may bring it, and a term counted 0 is
      // left out of the query.
      if (n > 0) cache.words.set(word, n);
    }
    df.set(word, n);
  }
  return { df, total, cap };
}

/** Words counted exactly up to this share of the passages (beyond it they are all "common"). */
const DF_CAP_SHARE = 0.1;

/** What a SQLite index keeps between searches: word counts, and files tokenized for file-rank.ts. */
interface SqliteCaches {
  df: { total: number; words: Map<string, number> } | null;
  files: FileRankCache;
}
