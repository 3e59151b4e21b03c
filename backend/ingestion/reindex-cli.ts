/**
 * `npm run reindex`: queues every indexed PDF to be parsed and indexed again with the current text
 * rules (reindex.ts). The worker does the work (`npm start` runs one; ROLES=worker alone does too).
 */
import { runDbCommand } from "./db-command.ts";
import { requeueIndexedPdfs } from "./reindex.ts";

await runDbCommand("reindex", async (db) => {
  const n = await requeueIndexedPdfs(db.kysely);
  return `Queued ${n} PDF${n === 1 ? "" : "s"} to be indexed again (${db.dialect}); the worker indexes them, search answers from the old index until then.`;
});
