/**
 * `npm run examples -- --from <dir> [--only slug,slug]`: builds the example pods of the catalogue
 * (app/lib/example-pods.ts) whose documents are present under <dir> (e.g. ../shared/data), on the
 * server's own storage and database (DATA_DIR / DATABASE_URL, as `npm start` reads them). Each one
 * is a Pod of the system account (EXAMPLES_ACCOUNT_EMAIL): documents uploaded through the normal
 * pipeline and indexed by the worker loop run here, one thread per question answered by the
 * configured model or search mode, then published as a discoverable snapshot that /{slug} shows.
 * Re-running updates each example in place (unchanged documents are kept, the old snapshot is
 * deleted after the new one is published). Examples whose documents are missing are named and
 * skipped.
 */
import crypto from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { EXAMPLE_PODS } from "../app/lib/example-pods.ts";
import { bootBackend } from "../backend/boot.ts";
import { loadConfig } from "../backend/config.ts";
import { buildExample, resolveDocuments } from "../backend/examples/build.ts";
import { closeParsers } from "../backend/ingestion/run-parser.ts";
import { startWorkerLoop } from "../backend/ingestion/worker-loop.ts";
import { waitForIdle, systemActor } from "../backend/examples/system.ts";

const { values } = parseArgs({
  options: { from: { type: "string" }, only: { type: "string" } },
  allowPositionals: false,
});
if (!values.from) {
  console.error("Usage: npm run examples -- --from <dir> [--only slug[,slug]]");
  process.exit(2);
}
const from = path.resolve(values.from);
const only = values.only ? values.only.split(",").map((s) => s.trim()) : null;
const unknown = (only ?? []).filter((s) => !EXAMPLE_PODS.some((p) => p.slug === s));
if (unknown.length) {
  console.error(`Unknown example slug(s): ${unknown.join(", ")}. Known: ${EXAMPLE_PODS.map((p) => p.slug).join(", ")}`);
  process.exit(2);
}
const log = (line: string) => console.log(`[examples] ${line}`);

const chosen = EXAMPLE_PODS.filter((p) => !only || only.includes(p.slug));
const plan = chosen.map((spec) => ({ spec, ...resolveDocuments(from, spec) }));
const skipped = plan.filter((p) => p.missing.length > 0);
const todo = plan.filter((p) => p.missing.length === 0);
for (const s of skipped) log(`skipping ${s.spec.slug}: missing ${s.missing.join(", ")}`);
if (todo.length === 0) {
  log(`nothing to build from ${from}`);
  process.exit(0);
}

const config = loadConfig();
const backend = await bootBackend({ config });
const { deps } = backend;
const loop = startWorkerLoop(deps);
const failures: string[] = [];
const started = performance.now();
try {
  const actor = await systemActor(deps, process.env.EXAMPLES_ACCOUNT_EMAIL ?? "examples@system.local", () =>
    crypto.randomBytes(24).toString("hex"),
  );
  log(`building ${todo.length} example(s) as ${actor.user.email} on ${deps.db.dialect}`);
  for (const { spec, files } of todo) {
    log(`${spec.slug}: ${files.length} document(s)`);
    try {
      const r = await buildExample(deps, {
        actor,
        spec,
        files,
        log,
        ingest: () => waitForIdle(deps, actor, spec.slug, log),
      });
      log(
        `${spec.slug}: published /${spec.slug} (snapshot ${r.snapshotId}) in ${r.seconds.toFixed(0)} s` +
          (r.failed.length ? `; ${r.failed.length} file(s) failed to index: ${r.failed.join("; ")}` : ""),
      );
    } catch (err) {
      failures.push(spec.slug);
      console.error(`[examples] ${spec.slug} failed:`, err);
    }
  }
} finally {
  await loop.close();
  await closeParsers();
  await backend.close();
}
log(
  `done in ${((performance.now() - started) / 1000).toFixed(0)} s: built ${todo.length - failures.length}` +
    (failures.length ? `, failed ${failures.join(", ")}` : "") +
    (skipped.length ? `; skipped (documents missing) ${skipped.map((s) => s.spec.slug).join(", ")}` : ""),
);
process.exit(failures.length ? 1 : 0);
