/**
 * The process behind startWorkerProcess: the ingestion worker loop on the database and blob store
 * named by the environment, as server.ts runs it for the worker role. It builds only what
 * ingestion uses (config, database, disk blobs, log) rather than the whole backend: booting the
 * API (better-auth, every route) costs several seconds per start on a loaded 2-core machine, and
 * the crash test starts two of these. Anything else ingestion might reach for fails loudly.
 */
import path from "node:path";
import type { Deps } from "../../backend/deps.ts";
import { startWorkerLoop } from "../../backend/ingestion/worker-loop.ts";
import { resolveAuthSecret } from "../../backend/platform/auth-secret.ts";
import { createDiskStore } from "../../backend/platform/blobs/disk-store.ts";
import { loadConfig } from "../../backend/config.ts";
import { createDb } from "../../backend/platform/db/index.ts";
import { migrateToLatest } from "../../backend/platform/db/migrate.ts";
import { createLogger } from "../../backend/platform/log.ts";
import { createSearchIndex } from "../../backend/search/search-index.ts";

const config = loadConfig(process.env);
const db = createDb({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrateToLatest(db);
const secret = resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR);
const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
const absent = (name: string) =>
  new Proxy(
    {},
    {
      get: (_t, prop) => {
        throw new Error(`worker-child: ingestion used deps.${name}.${String(prop)}, which this process does not build`);
      },
    },
  );
const deps: Deps = {
  config,
  db,
  log: createLogger(config.LOG_LEVEL),
  blobs: createDiskStore({ root: path.join(config.DATA_DIR, "blobs"), secret }),
  secret,
  publicUrl,
  identity: absent("identity") as Deps["identity"],
  mailer: absent("mailer") as Deps["mailer"],
  admin: absent("admin") as Deps["admin"],
  llm: absent("llm") as Deps["llm"],
  search: createSearchIndex(db),
  documentLabels: absent("documentLabels") as Deps["documentLabels"],
  siteSnapshots: absent("siteSnapshots") as Deps["siteSnapshots"],
  answers: absent("answers") as Deps["answers"],
};
const loop = startWorkerLoop(deps, { limits: { ocrPdfPages: false } });
console.log("worker ready");
process.on("SIGTERM", () => {
  void loop
    .close()
    .then(() => db.close())
    .then(() => process.exit(0));
});
