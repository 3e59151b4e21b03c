/**
 * Seeds an instance for `npm run bench:load` (bench/load.ts), in process with this checkout's
 * code: 20 users, each with 3 Pods (one holding a short essay), 3 threads of 20 messages, and one
 * public Pod of 20 SEC filings (the 10-Ks of FinanceBench first) uploaded and ingested for real.
 * The state (tokens, ids) is written to DATA_DIR/load-state.json; a second run with the same
 * DATA_DIR (and database) reuses it, so the long ingestion happens once.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { bootBackend } from "../backend/boot.ts";
import { storeStream } from "../backend/files/upload.ts";
import { drainQueue } from "../backend/ingestion/worker-loop.ts";
import { loadConfig } from "../backend/config.ts";
import { createThread } from "../backend/threads/service.ts";
import { createWorkspace } from "../backend/workspaces/service.ts";

export interface LoadState {
  dialect: string;
  users: { token: string; workspaceId: string; threadIds: string[] }[];
  /** The public Pod of filings every user may search. */
  filingsWorkspaceId: string;
  filingPages: number;
}

const USERS = 20;
const PODS_PER_USER = 3;
const THREADS_PER_USER = 3;
const MESSAGES_PER_THREAD = 20;
const FILINGS = 20;

export function statePath(dataDir: string): string {
  return path.join(dataDir, "load-state.json");
}

/** The filings to ingest: FinanceBench's 10-Ks first, then its other filings, 20 in all. */
export function pickFilings(sharedDataDir: string): string[] {
  const dir = path.join(sharedDataDir, "financebench/pdfs");
  if (!fs.existsSync(dir)) return [];
  const pdfs = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".pdf"))
    .sort();
  const tenK = pdfs.filter((f) => /_10K\.pdf$/.test(f));
  return [...tenK, ...pdfs.filter((f) => !tenK.includes(f))].slice(0, FILINGS).map((f) => path.join(dir, f));
}

export async function seedLoad(o: {
  dataDir: string;
  databaseUrl?: string;
  sharedDataDir: string;
  log: (line: string) => void;
}): Promise<LoadState> {
  const file = statePath(o.dataDir);
  const dialect = o.databaseUrl ? "postgres" : "sqlite";
  if (fs.existsSync(file)) {
    const state = JSON.parse(fs.readFileSync(file, "utf8")) as LoadState;
    if (state.dialect === dialect) return state;
  }
  const filings = pickFilings(o.sharedDataDir);
  const essays = path.join(o.sharedDataDir, "paul_graham");
  fs.mkdirSync(o.dataDir, { recursive: true });
  const config = loadConfig({
    ...process.env,
    DATA_DIR: o.dataDir,
    DATABASE_URL: o.databaseUrl,
    LOG_LEVEL: "error",
    STORAGE_QUOTA_BYTES: String(50 * 1024 ** 3),
  });
  if (o.databaseUrl) {
    // The bench's own database starts empty: the previous seed's rows would double the index.
    const { createDb } = await import("../backend/platform/db/index.ts");
    const db = createDb({ url: o.databaseUrl, dataDir: o.dataDir });
    await sql`drop schema public cascade; create schema public`.execute(db.kysely);
    await db.close();
  }
  const backend = await bootBackend({ config });
  const { deps } = backend;
  try {
    const t0 = performance.now();
    const essayFiles = fs.existsSync(essays)
      ? fs
          .readdirSync(essays)
          .filter((f) => f.endsWith(".txt") && !f.startsWith("LICENSE"))
          .sort()
      : [];
    const state: LoadState = { dialect, users: [], filingsWorkspaceId: "", filingPages: 0 };
    for (let u = 0; u < USERS; u++) {
      const { token, user } = await deps.identity.signUp({
        email: `load-${u}@example.com`,
        password: "load-password-1",
        name: `Load ${u}`,
      });
      const actor = { user, token };
      const pods = [];
      for (let p = 0; p < PODS_PER_USER; p++)
        pods.push(await createWorkspace(deps, { actor, name: `Pod ${u}.${p}`, isPublic: false }));
      const pod = pods[0]!;
      const essay = essayFiles[u % Math.max(1, essayFiles.length)];
      if (essay) {
        await storeStream(deps, {
          actor,
          scope: "workspace",
          workspaceId: pod.id,
          filename: essay,
          contentType: "text/plain",
          body: fs.createReadStream(path.join(essays, essay)),
          maxBytes: config.MAX_UPLOAD_BYTES,
        });
      }
      const threadIds: string[] = [];
      for (let t = 0; t < THREADS_PER_USER; t++) {
        const thread = await createThread(deps, { actor, workspaceId: pod.id, name: `Thread ${t}` });
        threadIds.push(thread.id);
        const base = Date.now() - 3600_000;
        const rows = Array.from({ length: MESSAGES_PER_THREAD }, (_, i) => {
          const at = new Date(base + i * 1000).toISOString();
          const role = i % 2 === 0 ? ("user" as const) : ("assistant" as const);
          const content =
            role === "user"
              ? `What does the filing say about revenue in year ${2010 + i}?`
              : "Revenue grew. ".repeat(60);
          return {
            id: crypto.randomUUID(),
            thread_id: thread.id,
            parent_id: null,
            role,
            content,
            status: "complete" as const,
            is_active: 1,
            created_by: user.id,
            created_at: at,
            updated_at: at,
          };
        });
        await deps.db.kysely.insertInto("messages").values(rows).execute();
      }
      state.users.push({ token, workspaceId: pod.id, threadIds });
    }
    o.log(
      `seeded ${USERS} users, ${USERS * PODS_PER_USER} Pods, ${USERS * THREADS_PER_USER} threads of ${MESSAGES_PER_THREAD} messages in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const ownerToken = state.users[0]!.token;
    const owner = (await deps.identity.getSession(ownerToken))!;
    const filingsPod = await createWorkspace(deps, {
      actor: { user: owner, token: ownerToken },
      name: "10-K filings",
      isPublic: true,
    });
    state.filingsWorkspaceId = filingsPod.id;
    const t1 = performance.now();
    for (const pdf of filings) {
      await storeStream(deps, {
        actor: { user: owner, token: ownerToken },
        scope: "workspace",
        workspaceId: filingsPod.id,
        filename: path.basename(pdf),
        contentType: "application/pdf",
        body: fs.createReadStream(pdf),
        maxBytes: config.MAX_UPLOAD_BYTES,
      });
    }
    await drainQueue(deps);
    const pages = await deps.db.kysely
      .selectFrom("pages")
      .innerJoin("file_versions", "file_versions.id", "pages.version_id")
      .innerJoin("files", "files.current_version_id", "file_versions.id")
      .where("files.workspace_id", "=", filingsPod.id)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    state.filingPages = Number(pages?.n ?? 0);
    o.log(
      `ingested ${filings.length} filings (${state.filingPages} pages) and ${USERS} essays in ${((performance.now() - t1) / 1000).toFixed(0)} s`,
    );
    fs.writeFileSync(file, JSON.stringify(state));
    return state;
  } finally {
    await backend.close();
  }
}
