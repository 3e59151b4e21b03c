import fs from "node:fs";
import path from "node:path";
import { askQuestion } from "../agent/ask.ts";
import type { Deps } from "../deps.ts";
import { digestStream } from "../files/hash.ts";
import { deleteFile, listFiles } from "../files/service.ts";
import { storeStream } from "../files/upload.ts";
import { indexingStatus } from "../ingestion/status.ts";
import { now } from "../platform/clock.ts";
import type { Actor } from "../platform/http/context.ts";
import { deleteSnapshot, listSnapshotThreads, publish } from "../snapshots/service.ts";
import { createThread, deleteThread, listThreads } from "../threads/service.ts";
import { createWorkspace, updateWorkspace } from "../workspaces/service.ts";
import * as repo from "./repo.ts";

/** What the build needs of a catalogue entry (app/lib/example-pods.ts). */
export interface ExampleSpec {
  slug: string;
  title: string;
  description: string;
  /** Paths relative to the --from dir: a file, or a folder ending in "/". */
  documents: string[];
  questions: string[];
}

export interface BuildReport {
  slug: string;
  snapshotId: string;
  uploaded: number;
  kept: number;
  removed: number;
  failed: string[];
  seconds: number;
}

const CONTENT_TYPES: Record<string, string> = {
  ".pdf": "application/pdf",
  ".txt": "text/plain",
  ".md": "text/markdown",
  ".csv": "text/csv",
  ".html": "text/html",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};
/** Files in a folder that are not documents of the example: licences and source lists. */
const NOT_DOCUMENTS = /^(LICENSE|SOURCES|README)/i;

/**
 * The documents of an example found under `from`: each path as a file, a folder's documents
 * sorted by name. `missing` lists the catalogue paths that are absent (the example is skipped).
 */
export function resolveDocuments(from: string, spec: ExampleSpec): { files: string[]; missing: string[] } {
  const files: string[] = [];
  const missing: string[] = [];
  for (const rel of spec.documents) {
    const abs = path.join(from, rel);
    if (rel.endsWith("/")) {
      const found = fs.existsSync(abs)
        ? fs
            .readdirSync(abs)
            .filter((f) => !NOT_DOCUMENTS.test(f) && path.extname(f).toLowerCase() in CONTENT_TYPES)
            .sort()
            .map((f) => path.join(abs, f))
        : [];
      if (found.length === 0) missing.push(rel);
      files.push(...found);
    } else if (fs.existsSync(abs)) files.push(abs);
    else missing.push(rel);
  }
  if (spec.documents.length === 0) missing.push("(no documents in the catalogue)");
  return { files, missing };
}

/**
 * Builds one example pod as the system account: its Pod (created once, then reused), its
 * documents through the normal pipeline (uploaded only when new or changed, removed when no longer
 * listed; `ingest` runs the worker until the queue is idle), one thread per question answered by
 * the configured model or search mode, then a discoverable Pod snapshot that the slug points at.
 * The previous snapshot is deleted after the slug moved, so a rebuild never leaves two.
 */
export async function buildExample(
  deps: Deps,
  o: {
    actor: Actor;
    spec: ExampleSpec;
    files: string[];
    ingest: () => Promise<void>;
    log?: (line: string) => void;
  },
): Promise<BuildReport> {
  const started = performance.now();
  const log = o.log ?? (() => undefined);
  const { actor, spec } = o;
  const db = deps.db.kysely;

  let row = await repo.findExample(db, spec.slug);
  if (!row) {
    const ws = await createWorkspace(deps, {
      actor,
      name: spec.title,
      description: spec.description,
      isPublic: false,
    });
    await repo.insertExample(db, { slug: spec.slug, workspaceId: ws.id });
    row = (await repo.findExample(db, spec.slug))!;
  } else {
    await updateWorkspace(deps, {
      actor,
      workspaceId: row.workspace_id,
      name: spec.title,
      description: spec.description,
    });
  }
  const workspaceId = row.workspace_id;

  // Documents: keep what is unchanged, replace what changed, drop what the catalogue no longer lists.
  const existing = await allFiles(deps, actor, workspaceId);
  const byName = new Map(existing.map((f) => [f.filename, f]));
  const wanted = new Set<string>();
  let uploaded = 0;
  let kept = 0;
  let removed = 0;
  for (const file of o.files) {
    const filename = path.basename(file);
    wanted.add(filename);
    const { sha256 } = await digestStream(fs.createReadStream(file));
    const have = byName.get(filename);
    if (have && have.checksum === sha256 && have.status !== "failed") {
      kept++;
      continue;
    }
    if (have) await deleteFile(deps, { actor, workspaceId, fileId: have.id });
    await storeStream(deps, {
      actor,
      scope: "workspace",
      workspaceId,
      filename,
      contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
      body: fs.createReadStream(file),
      maxBytes: deps.config.MAX_UPLOAD_BYTES,
    });
    uploaded++;
  }
  for (const f of existing)
    if (!wanted.has(f.filename)) {
      await deleteFile(deps, { actor, workspaceId, fileId: f.id });
      removed++;
    }
  log(`${spec.slug}: ${uploaded} uploaded, ${kept} unchanged, ${removed} removed; indexing`);
  await o.ingest();
  const status = await indexingStatus(deps, { actor, workspaceId });
  log(`${spec.slug}: ${status.files_done}/${status.files_total} files indexed, ${status.pages_done} pages`);

  // Threads: asked afresh each build (the documents or the questions may have changed).
  for (const t of await allThreads(deps, actor, workspaceId))
    await deleteThread(deps, { actor, workspaceId, threadId: t.id });
  // Asked last to first: the thread list shows the newest first, so it reads in catalogue order.
  let firstName: string | undefined;
  for (const question of [...spec.questions].reverse()) {
    const thread = await createThread(deps, { actor, workspaceId });
    const live = await askQuestion(deps, { actor, workspaceId, threadId: thread.id, query: question });
    await live.finished;
    log(`${spec.slug}: answered "${question}" (${live.status}, ${live.citations.length} citations)`);
    firstName = (await listThreadNames(deps, actor, workspaceId)).get(thread.id);
  }

  const snapshot = await publish(deps, { actor, workspaceId, isDiscoverable: true });
  const snapThreads = (await listSnapshotThreads(deps, { actor, id: snapshot.id, limit: 200 })).threads;
  const first = firstName !== undefined ? snapThreads.find((t) => t.name === firstName) : undefined;
  const previous = row.snapshot_id;
  await repo.setExampleSnapshot(db, {
    slug: spec.slug,
    snapshotId: snapshot.id,
    threadId: first?.id ?? null,
    builtAt: now(),
  });
  if (previous && previous !== snapshot.id) await deleteSnapshot(deps, { actor, id: previous });
  return {
    slug: spec.slug,
    snapshotId: snapshot.id,
    uploaded,
    kept,
    removed,
    failed: status.failures.map((f) => `${f.filename}: ${f.reason}`),
    seconds: (performance.now() - started) / 1000,
  };
}

async function allFiles(deps: Deps, actor: Actor, workspaceId: string) {
  const out = [];
  let cursor: string | undefined;
  do {
    const p = await listFiles(deps, { actor, workspaceId, limit: 200, cursor });
    out.push(...p.files);
    cursor = p.next_cursor ?? undefined;
  } while (cursor);
  return out;
}

async function allThreads(deps: Deps, actor: Actor, workspaceId: string) {
  const out = [];
  let cursor: string | undefined;
  do {
    const p = await listThreads(deps, { actor, workspaceId, limit: 200, cursor });
    out.push(...p.threads);
    cursor = p.next_cursor ?? undefined;
  } while (cursor);
  return out;
}

async function listThreadNames(deps: Deps, actor: Actor, workspaceId: string): Promise<Map<string, string>> {
  return new Map((await allThreads(deps, actor, workspaceId)).map((t) => [t.id, t.name]));
}
