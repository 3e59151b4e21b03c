/**
 * A data-room-sized search index without re-parsing 80,000 pages (for `bench:dataroom` with
 * DATAROOM_SEARCH_ONLY=1). The seed is an index the real pipeline built: by default the one
 * `bench:retrieval` keeps in RETRIEVAL_CACHE_DIR (FinanceBench, UDA FinQA and MMLongBench PDFs,
 * uploaded, parsed and split as the server does it). Its documents, pages and passages are copied
 * with new ids until the room holds DATAROOM_PAGES pages: copy 0 keeps each document's name,
 * later copies get another company and period in their file name (so document labels vary as in
 * a room of many companies) and their numbers re-written through a per-copy digit permutation
 * (so amounts, years and page numbers differ between copies while words keep their frequencies).
 * The target is a fresh SQLite data dir (DATAROOM_DIR) or the PostgreSQL database of
 * DATABASE_URL (its public schema is emptied first). Writes `dataroom-index.json` into the dir:
 * the workspace, the sign-in and each copied document's source, for the queries.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { bootBackend } from "../backend/boot.ts";
import { loadConfig } from "../backend/config.ts";
import { createDb } from "../backend/platform/db/index.ts";
import { documentLabel } from "../backend/search/query.ts";
import { createWorkspace } from "../backend/workspaces/service.ts";
import { random, type RoomDoc } from "./dataroom-generate.ts";

export interface RoomIndex {
  workspaceId: string;
  email: string;
  password: string;
  /** Room file name -> file id, and the room documents (with their seed source) for the queries. */
  fileIds: Record<string, string>;
  docs: RoomDoc[];
}

const SET_DIRS: Record<string, string> = {
  financebench: "financebench/pdfs",
  uda_finqa: "uda_finqa",
  mmlongbench: "mmlongbench/pdfs",
};
const COMPANIES = [
  "Acme",
  "Borealis",
  "Cobalt",
  "Dunmore",
  "Eastgate",
  "Fairview",
  "Granite",
  "Halcyon",
  "Ironwood",
  "Juno",
  "Kestrel",
  "Lumen",
  "Marlowe",
  "Northwind",
  "Orion",
  "Pinnacle",
  "Quarry",
  "Redwood",
  "Sterling",
  "Tidewater",
  "Umbra",
  "Vireo",
  "Westbrook",
  "Yarrow",
];

export function indexFile(dir: string): string {
  return path.join(dir, "dataroom-index.json");
}

/** Builds the index (a few minutes); returns what the queries need. */
export async function buildRoomIndex(o: {
  seedDir: string;
  dir: string;
  pages: number;
  seed: number;
  databaseUrl?: string;
  log: (s: string) => void;
}): Promise<RoomIndex> {
  const seedDb = new SQLite(path.join(o.seedDir, "app.db"), { readonly: true });
  const seedState = JSON.parse(fs.readFileSync(path.join(o.seedDir, "bench-state.json"), "utf8")) as Record<
    string,
    { workspaceId: string }
  >;
  // The three sets' own workspaces only: bench:retrieval's cache also holds its other corpora and a
  // mixed workspace with a second copy of every file, which made every room document a pair of
  // twins under one name (the queries' file -> id map then lost one of each).
  const sets = Object.entries(seedState)
    .filter(([name]) => SET_DIRS[name])
    .map(([name, s]) => ({ dir: SET_DIRS[name]!, workspaceId: s.workspaceId }));
  type SeedDoc = {
    version_id: string;
    file_id: string;
    filename: string;
    title: string;
    page_count: number;
    rel: string;
  };
  const seedDocs: SeedDoc[] = sets.flatMap((s) =>
    (
      seedDb
        .prepare(
          `select d.version_id, d.file_id, f.filename, d.title, d.page_count from documents d join files f on f.id = d.file_id
      where d.workspace_id = ? order by f.filename`,
        )
        .all(s.workspaceId) as Omit<SeedDoc, "rel">[]
    ).map((d) => ({ ...d, rel: `${s.dir}/${d.filename}` })),
  );
  const seedPages = seedDocs.reduce((n, d) => n + d.page_count, 0);
  if (seedPages === 0)
    throw new Error(`No indexed documents in ${o.seedDir}: run bench:retrieval with RETRIEVAL_CACHE_DIR first`);
  o.log(`seed: ${seedDocs.length} documents, ${seedPages} pages; copying to ${o.pages} pages`);

  fs.rmSync(o.dir, { recursive: true, force: true });
  fs.mkdirSync(o.dir, { recursive: true });
  const isPg = o.databaseUrl !== undefined && /^postgres(ql)?:/.test(o.databaseUrl);
  if (isPg) {
    const admin = createDb({ url: o.databaseUrl, dataDir: o.dir });
    await sql`drop schema if exists public cascade`.execute(admin.kysely);
    await sql`create schema public`.execute(admin.kysely);
    await admin.close();
  }
  const config = loadConfig({
    ...process.env,
    DATA_DIR: o.dir,
    LOG_LEVEL: "error",
    ...(isPg ? { DATABASE_URL: o.databaseUrl } : {}),
  });
  const backend = await bootBackend({ config });
  const email = "bench@example.com";
  const password = "bench-password";
  const { token, user } = await backend.deps.identity.signUp({ email, password, name: "" });
  const ws = await createWorkspace(backend.deps, { actor: { user, token }, name: "Data room", isPublic: false });
  // A second tenant with a copy of the seed: the search must not pay for other workspaces' pages.
  const other = await createWorkspace(backend.deps, { actor: { user, token }, name: "Other tenant", isPublic: false });
  await backend.close();

  const rnd = random(o.seed);
  const docs: RoomDoc[] = [];
  const fileIds: Record<string, string> = {};
  const sink = isPg ? await pgSink(o.databaseUrl!) : sqliteSink(path.join(o.dir, "app.db"));
  const selectPages = seedDb.prepare("select page, text from pages where version_id = ? order by page");
  const selectPassages = seedDb.prepare(
    'select id, page, start, "end", heading, text from passages where version_id = ? order by seq',
  );
  let pages = 0;
  let passages = 0;
  const copyDoc = async (d: SeedDoc, copy: number, workspaceId: string) => {
    const perm = copy === 0 ? null : digitPermutation(rnd);
    let filename = copy === 0 ? d.filename : renamed(d.filename, copy, rnd);
    // Two copies drawing the same company and year: a room's file names are unique, as the queries' map needs.
    while (copy > 0 && fileIds[filename]) filename = renamed(d.filename, copy, rnd);
    // The copy's company replaces the seed's in the text too ("PepsiCo" -> "Kestrel"), so a
    // company's name stays as rare as in a room of many companies.
    const seedCompany = d.filename.split(/[_\s-]+/)[0]!;
    const company = new RegExp(`\\b${seedCompany.replace(/[^\p{L}\p{N}]/gu, "")}\\b`, "giu");
    const newCompany = filename.split("_")[0]!;
    const perturb = (text: string) =>
      perm
        ? (seedCompany.length >= 2 ? text.replace(company, newCompany) : text).replace(/\d/g, (c) => perm[Number(c)]!)
        : text;
    const fileId = crypto.randomUUID();
    const versionId = crypto.randomUUID();
    const label = documentLabel(filename, d.title);
    const pageRows = (selectPages.all(d.version_id) as { page: number; text: string }[]).map((p) => ({
      ...p,
      text: perturb(p.text),
    }));
    const passageRows = (
      selectPassages.all(d.version_id) as {
        id: string;
        page: number;
        start: number;
        end: number;
        heading: string;
        text: string;
      }[]
    ).map((p) => ({
      ...p,
      id: crypto.createHash("sha1").update(`${versionId}:${p.id}`).digest("hex").slice(0, 24),
      text: perturb(p.text),
    }));
    await sink.write({
      workspaceId,
      ownerId: user.id,
      fileId,
      versionId,
      filename,
      title: d.title,
      label,
      pages: pageRows,
      passages: passageRows,
    });
    return { filename, fileId, pages: pageRows.length, passages: passageRows.length };
  };
  for (const d of seedDocs) await copyDoc(d, 0, other.id);
  for (let copy = 0; pages < o.pages; copy++) {
    for (const d of seedDocs) {
      if (pages >= o.pages) break;
      const c = await copyDoc(d, copy, ws.id);
      fileIds[c.filename] = c.fileId;
      docs.push({ file: c.filename, pages: c.pages, sections: [{ source: d.rel, from: 1, to: d.page_count }] });
      pages += c.pages;
      passages += c.passages;
    }
    o.log(`copy ${copy}: ${pages} pages, ${passages} passages`);
  }
  await sink.close();
  seedDb.close();
  const index: RoomIndex = { workspaceId: ws.id, email, password, fileIds, docs };
  fs.writeFileSync(indexFile(o.dir), JSON.stringify(index));
  return index;
}

function digitPermutation(rnd: () => number): string[] {
  const d = [..."0123456789"];
  for (let i = d.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [d[i], d[j]] = [d[j]!, d[i]!];
  }
  return d;
}

/** "3M_2022_10K.pdf" -> "Kestrel_2019_10K.pdf": another company, another year, same form. */
function renamed(filename: string, copy: number, rnd: () => number): string {
  const company = `${COMPANIES[Math.floor(rnd() * COMPANIES.length)]!}${copy > COMPANIES.length ? copy : ""}`;
  const parts = filename.replace(/\.pdf$/i, "").split(/[_\s-]+/);
  const year = 2010 + Math.floor(rnd() * 14);
  const rest = parts.slice(1).map((p) => (/^(19|20)\d\d$/.test(p) ? String(year) : p));
  return `${company}_${rest.length ? rest.join("_") : year}_c${copy}.pdf`;
}

interface DocRows {
  workspaceId: string;
  ownerId: string;
  fileId: string;
  versionId: string;
  filename: string;
  title: string;
  label: string;
  pages: { page: number; text: string }[];
  passages: { id: string; page: number; start: number; end: number; heading: string; text: string }[];
}

interface Sink {
  write(d: DocRows): Promise<void>;
  close(): Promise<void>;
}

const NOW = "2026-11-23T00:00:00.000Z";

function sqliteSink(file: string): Sink {
  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  let seq = (db.prepare("select coalesce(max(seq), 0) as m from passages").get() as { m: number }).m;
  const file_ =
    db.prepare(`insert into files (id, scope, workspace_id, owner_id, filename, current_version_id, status, error, created_at, updated_at)
    values (?, 'workspace', ?, ?, ?, ?, 'indexed', null, ?, ?)`);
  const version =
    db.prepare(`insert into file_versions (id, file_id, blob_key, byte_size, content_type, checksum, created_by, created_at)
    values (?, ?, ?, 0, 'application/pdf', null, ?, ?)`);
  const document = db.prepare(
    "insert into documents (version_id, file_id, workspace_id, title, page_count) values (?, ?, ?, ?, ?)",
  );
  const page = db.prepare("insert into pages (version_id, page, text) values (?, ?, ?)");
  const passage =
    db.prepare(`insert into passages (id, version_id, file_id, workspace_id, page, start, "end", heading, label, text, seq)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const fts = db.prepare("insert into passages_fts (rowid, text, heading, title) values (?, ?, ?, ?)");
  const write = db.transaction((d: DocRows) => {
    file_.run(d.fileId, d.workspaceId, d.ownerId, d.filename, null, NOW, NOW);
    version.run(d.versionId, d.fileId, `bench/${d.versionId}`, d.ownerId, NOW);
    db.prepare("update files set current_version_id = ? where id = ?").run(d.versionId, d.fileId);
    document.run(d.versionId, d.fileId, d.workspaceId, d.title, d.pages.length);
    for (const p of d.pages) page.run(d.versionId, p.page, p.text);
    for (const p of d.passages) {
      seq++;
      passage.run(p.id, d.versionId, d.fileId, d.workspaceId, p.page, p.start, p.end, p.heading, d.label, p.text, seq);
      fts.run(seq, p.text, p.heading, d.label);
    }
  });
  return {
    async write(d) {
      write(d);
    },
    async close() {
      db.pragma("optimize");
      db.close();
    },
  };
}

async function pgSink(url: string): Promise<Sink> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Building the GIN index once at the end is much faster than maintaining it row by row.
  await client.query("drop index if exists passages_tsv_idx");
  return {
    async write(d) {
      await client.query("begin");
      await client.query(
        `insert into files (id, scope, workspace_id, owner_id, filename, current_version_id, status, error, created_at, updated_at)
        values ($1, 'workspace', $2, $3, $4, null, 'indexed', null, $5, $5)`,
        [d.fileId, d.workspaceId, d.ownerId, d.filename, NOW],
      );
      await client.query(
        `insert into file_versions (id, file_id, blob_key, byte_size, content_type, checksum, created_by, created_at)
        values ($1, $2, $3, 0, 'application/pdf', null, $4, $5)`,
        [d.versionId, d.fileId, `bench/${d.versionId}`, d.ownerId, NOW],
      );
      await client.query("update files set current_version_id = $1 where id = $2", [d.versionId, d.fileId]);
      await client.query(
        "insert into documents (version_id, file_id, workspace_id, title, page_count) values ($1, $2, $3, $4, $5)",
        [d.versionId, d.fileId, d.workspaceId, d.title, d.pages.length],
      );
      await client.query("insert into pages (version_id, page, text) select $1, * from unnest($2::int[], $3::text[])", [
        d.versionId,
        d.pages.map((p) => p.page),
        d.pages.map((p) => p.text),
      ]);
      const col = <K extends keyof DocRows["passages"][number]>(k: K) => d.passages.map((p) => p[k]);
      await client.query(
        `insert into passages (id, version_id, file_id, workspace_id, page, start, "end", heading, label, text)
        select u.id, $2, $3, $4, u.page, u.start, u.e, u.heading, $5, u.text
        from unnest($1::text[], $6::int[], $7::int[], $8::int[], $9::text[], $10::text[]) as u(id, page, start, e, heading, text)`,
        [
          col("id"),
          d.versionId,
          d.fileId,
          d.workspaceId,
          d.label,
          col("page"),
          col("start"),
          col("end"),
          col("heading"),
          col("text"),
        ],
      );
      await client.query("commit");
    },
    async close() {
      await client.query("create index passages_tsv_idx on passages using gin (tsv)");
      await client.query("analyze");
      await client.end();
    },
  };
}
