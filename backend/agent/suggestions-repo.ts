import type { Executor } from "../platform/db/index.ts";
import type { DocumentFacts } from "./document-questions.ts";

/*
 * Suggested questions' reads: the workspace's indexed documents (profile, first page, headings).
 * Read-only joins over ingestion's and search's tables; their repos stay the only writers
 * (docs/decisions/0008-domains-own-their-tables.md).
 */

export type DocumentForSuggestions = { fileId: string; versionId: string } & Omit<DocumentFacts, "headings">;

/** The current, indexed documents of a workspace's own files, newest first. */
export async function listSuggestionDocuments(
  db: Executor,
  o: { workspaceId: string; limit: number },
): Promise<DocumentForSuggestions[]> {
  const rows = await db
    .selectFrom("documents as d")
    .innerJoin("files as f", "f.current_version_id", "d.version_id")
    .select([
      "f.id as fileId",
      "d.version_id as versionId",
      "f.filename",
      "d.title",
      "d.profile_title as profileTitle",
      "d.kind",
      "d.issuer",
      "d.period",
      "d.form",
    ])
    .where("f.workspace_id", "=", o.workspaceId)
    .where("f.scope", "=", "workspace")
    .where("f.status", "=", "indexed")
    .orderBy("f.created_at", "desc")
    .orderBy("f.id")
    .limit(o.limit)
    .execute();
  return rows;
}

/** The first page's text of each version (what the model reads about a document). */
export async function listFirstPages(db: Executor, versionIds: string[]): Promise<Map<string, string>> {
  if (versionIds.length === 0) return new Map();
  // Page 1 only: reading every page's text to keep the first moved whole 10-Ks per suggestion.
  const rows = await db
    .selectFrom("pages")
    .select(["version_id", "text"])
    .where("version_id", "in", versionIds)
    .where("page", "=", 1)
    .execute();
  return new Map(rows.map((r) => [r.version_id, r.text]));
}

/** Each version's distinct passage headings, in document order (up to `perVersion`). */
export async function listHeadings(
  db: Executor,
  o: { versionIds: string[]; perVersion: number },
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (o.versionIds.length === 0) return out;
  const rows = await db
    .selectFrom("passages")
    .select(["version_id", "heading"])
    .where("version_id", "in", o.versionIds)
    .where("heading", "!=", "")
    .where((eb) => eb.or([eb("listing", "is", null), eb("listing", "=", 0)]))
    // By position, not seq (a SQLite-only column).
    .orderBy("page")
    .orderBy("start")
    .execute();
  for (const r of rows) {
    const list = out.get(r.version_id) ?? [];
    if (list.length < o.perVersion && !list.includes(r.heading)) list.push(r.heading);
    out.set(r.version_id, list);
  }
  return out;
}
