/**
 * `npm run reprofile`: derives every document's profile (title, kind, issuer, period, form) again
 * from its stored first pages, with the current rules; the files panel and the named-documents
 * search stage read them. The metadata author is not stored, so a profile that needed it can lose
 * its issuer until the file is indexed again.
 */
import { reprofileAll } from "./backfill-profiles.ts";
import { runDbCommand } from "./db-command.ts";

await runDbCommand("reprofile", async (db) => {
  const n = await reprofileAll(db.kysely);
  return `Profiled ${n} document${n === 1 ? "" : "s"} again (${db.dialect}).`;
});
