import { sql, type ExpressionBuilder } from "kysely";
import type { Executor } from "../platform/db/index.ts";
import type { Database, FileTable, FileVersionTable } from "../platform/db/schema.ts";
import { INGEST_JOB } from "./jobs.ts";
import { PROFILE_RULES, type DocumentProfile } from "./profile.ts";
import { PARSE_RULES } from "./parse-rules.ts";
import type { ParsedDocument } from "./types.ts";

/** Rows per INSERT: well under SQLite's limit on bound parameters. */
const BATCH = 200;

function* chunks<T>(items: T[], size = BATCH): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * Documents of files a snapshot keeps after their workspace is deleted (backend/files/removal.ts):
 * detached from it, so its deletion does not cascade to their pages and passages.
 */
export async function detachDocuments(db: Executor, fileIds: string[]): Promise<void> {
  for (const ids of chunks(fileIds))
    await db.updateTable("documents").set({ workspace_id: null }).where("file_id", "in", ids).execute();
}

/** A version's document row: how many pages it has, or undefined when it is not indexed. */
export function findDocument(db: Executor, versionId: string) {
  return db.selectFrom("documents").select("page_count").where("version_id", "=", versionId).executeTakeFirst();
}

/** One page of a version as indexed: its text and, for a sheet, its layout (JSON). */
export function findPage(db: Executor, o: { versionId: string; page: number }) {
  return db
    .selectFrom("pages")
    .select(["text", "sheet_layout"])
    .where("version_id", "=", o.versionId)
    .where("page", "=", o.page)
    .executeTakeFirst();
}

/** One page's text as indexed, or null (citations check their quotes against it). */
export async function findPageText(db: Executor, o: { versionId: string; page: number }): Promise<string | null> {
  const row = await db
    .selectFrom("pages")
    .select("text")
    .where("version_id", "=", o.versionId)
    .where("page", "=", o.page)
    .executeTakeFirst();
  return row?.text ?? null;
}

/** The given pages of a version that exist, in page order. */
export function listPages(db: Executor, o: { versionId: string; pages: number[] }) {
  return db
    .selectFrom("pages")
    .select(["page", "text"])
    .where("version_id", "=", o.versionId)
    .where("page", "in", o.pages)
    .orderBy("page")
    .execute();
}

/**
 * Pages of the documents of a workspace's current file versions. A read-only join on files
 * (the files domain's table), one query for the status poll.
 */
export async function countIndexedPages(db: Executor, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom("documents as d")
    // By version, not file id: a snapshot's files show their source's documents.
    .innerJoin("files as f", "f.current_version_id", "d.version_id")
    .select((eb) => eb.fn.sum<string | number>("d.page_count").as("n"))
    .where("f.workspace_id", "=", workspaceId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Stores a version's document, what it is, and its pages. */
export async function insertDocument(
  db: Executor,
  o: {
    versionId: string;
    fileId: string;
    workspaceId: string | null;
    document: ParsedDocument;
    profile: DocumentProfile;
  },
): Promise<void> {
  const { document: doc } = o;
  await db
    .insertInto("documents")
    .values({
      version_id: o.versionId,
      file_id: o.fileId,
      workspace_id: o.workspaceId,
      title: doc.title,
      page_count: doc.pages.length,
      ...profileColumns(o.profile),
      parsed: PARSE_RULES,
    })
    .execute();
  for (const batch of chunks(doc.pages)) {
    await db
      .insertInto("pages")
      .values(
        batch.map((p) => ({
          version_id: o.versionId,
          page: p.page,
          text: p.text,
          sheet_layout: p.sheet ? JSON.stringify(p.sheet) : null,
        })),
      )
      .execute();
  }
}

/** Removes a version's pages and document. */
export async function deleteDocument(db: Executor, versionId: string): Promise<void> {
  await db.deleteFrom("pages").where("version_id", "=", versionId).execute();
  await db.deleteFrom("documents").where("version_id", "=", versionId).execute();
}

/**
 * A workspace's ingest jobs that are queued or running, or finished since `finishedSince`, for the
 * indexing progress. A read-only join across the jobs queue, files and documents (decision 0008):
 * one query, on the progress poll's path.
 */
export function recentIngestJobs(db: Executor, o: { workspaceId: string; finishedSince: string }) {
  return (
    db
      .selectFrom("jobs as j")
      .innerJoin("files as f", "f.id", "j.file_id")
      // A running re-index of a version that is already indexed is counted once, as indexed.
      .leftJoin("documents as d", "d.version_id", "j.version_id")
      .select([
        "j.status",
        "j.locked_at",
        "j.updated_at",
        "j.pages_done",
        "j.pages_total",
        "d.version_id as indexed_version",
      ])
      .where("j.kind", "=", INGEST_JOB)
      // Not a background re-parse (its payload says so: jobs.ts): the file stays indexed meanwhile.
      .where("j.payload", "is", null)
      .where("f.workspace_id", "=", o.workspaceId)
      .where((eb) => eb.or([eb("j.status", "in", ["queued", "running"]), eb("j.updated_at", ">=", o.finishedSince)]))
      .execute()
  );
}

const profileColumns = (p: DocumentProfile) => ({
  profile_title: p.title,
  kind: p.kind,
  issuer: p.issuer,
  period: p.period,
  form: p.form,
  profiled: PROFILE_RULES,
});

/** Marks every document to be profiled again (after the profile rules changed): reprofile-cli.ts. */
export async function markAllDocumentsUnprofiled(db: Executor): Promise<void> {
  await db.updateTable("documents").set({ profiled: 0 }).execute();
}

/**
 * Documents indexed before profiles existed, or profiled by older rules (PROFILE_RULES): version,
 * title, page count and file name (a read-only join on files, decision 0008), at most `limit`.
 */
export function listUnprofiledDocuments(db: Executor, limit: number) {
  return db
    .selectFrom("documents as d")
    .innerJoin("files as f", "f.id", "d.file_id")
    .select(["d.version_id", "d.title", "d.page_count", "f.filename"])
    .where("d.profiled", "<", PROFILE_RULES)
    .orderBy("d.version_id")
    .limit(limit)
    .execute();
}

/** The first `count` pages' texts of a version, in order. */
export async function listFirstPageTexts(db: Executor, o: { versionId: string; count: number }): Promise<string[]> {
  const rows = await db
    .selectFrom("pages")
    .select("text")
    .where("version_id", "=", o.versionId)
    .orderBy("page")
    .limit(o.count)
    .execute();
  return rows.map((r) => r.text);
}

export async function updateDocumentProfile(db: Executor, o: { versionId: string; profile: DocumentProfile }) {
  await db.updateTable("documents").set(profileColumns(o.profile)).where("version_id", "=", o.versionId).execute();
}

/** A PDF, by its version's stored content type or its file's name (`files as f`, `file_versions as v`). */
const isPdfVersion = (eb: ExpressionBuilder<Database & { f: FileTable; v: FileVersionTable }, "f" | "v">) =>
  eb.or([eb("v.content_type", "=", "application/pdf"), eb(sql`lower(f.filename)`, "like", "%.pdf")]);

/**
 * Workspace files indexed from a PDF (by stored content type or name) whose current version has no
 * ingest job queued or running: what `npm run reindex` queues (reindex.ts). A read-only join across
 * files, versions and the jobs queue (decision 0008).
 */
export function listIndexedPdfsNotQueued(db: Executor) {
  return db
    .selectFrom("files as f")
    .innerJoin("file_versions as v", "v.id", "f.current_version_id")
    .select(["f.id", "v.id as version_id"])
    .where("f.scope", "=", "workspace")
    .where("f.status", "=", "indexed")
    .where(isPdfVersion)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("jobs as j")
            .select("j.id")
            .whereRef("j.version_id", "=", "v.id")
            .where("j.kind", "=", INGEST_JOB)
            .where("j.status", "in", ["queued", "running"]),
        ),
      ),
    )
    .orderBy("f.id")
    .execute();
}

/** Whether any ingest job is queued or running: a background re-parse waits for none (reparse.ts). */
export async function ingestWorkPending(db: Executor): Promise<boolean> {
  const row = await db
    .selectFrom("jobs")
    .select("id")
    .where("kind", "=", INGEST_JOB)
    .where("status", "in", ["queued", "running"])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The first indexed PDF's current version, by version id (past `after`), parsed by older text rules
 * than PARSE_RULES or before they were recorded: under its own file, not a snapshot's copy (a
 * document is written under the file it was uploaded as). A read-only join on files and versions
 * (decision 0008).
 */
export function nextDocumentToReparse(db: Executor, o: { after?: string } = {}) {
  return db
    .selectFrom("documents as d")
    .innerJoin("files as f", (j) =>
      j.onRef("f.id", "=", "d.file_id").onRef("f.current_version_id", "=", "d.version_id"),
    )
    .innerJoin("file_versions as v", "v.id", "d.version_id")
    .select(["d.file_id", "d.version_id"])
    .where("f.status", "=", "indexed")
    .where(isPdfVersion)
    .where((eb) => eb.or([eb("d.parsed", "is", null), eb("d.parsed", "<", PARSE_RULES)]))
    .$if(o.after !== undefined, (q) => q.where("d.version_id", ">", o.after!))
    .orderBy("d.version_id")
    .limit(1)
    .executeTakeFirst();
}

/** Whether the version's document was parsed by the current text rules (another worker's re-parse may have done it). */
export async function parsedByCurrentRules(db: Executor, versionId: string): Promise<boolean> {
  const row = await db.selectFrom("documents").select("parsed").where("version_id", "=", versionId).executeTakeFirst();
  return (row?.parsed ?? 0) >= PARSE_RULES;
}

/** Marks the version's document as read by the current text rules, or left as it is on purpose (reparse.ts). */
export async function markParsed(db: Executor, versionId: string): Promise<void> {
  await db.updateTable("documents").set({ parsed: PARSE_RULES }).where("version_id", "=", versionId).execute();
}

/** Which of these pages of a version hold text (a scan's, read by OCR). */
export async function pagesWithText(db: Executor, o: { versionId: string; pages: number[] }): Promise<number[]> {
  if (o.pages.length === 0) return [];
  const found: number[] = [];
  for (const pages of chunks(o.pages)) {
    const rows = await db
      .selectFrom("pages")
      .select("page")
      .where("version_id", "=", o.versionId)
      .where("page", "in", pages)
      .where("text", "<>", "")
      .execute();
    found.push(...rows.map((r) => r.page));
  }
  return found;
}
