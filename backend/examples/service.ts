import type { BuiltExample } from "../../contracts/examples.ts";
import type { Deps } from "../deps.ts";
import * as repo from "./repo.ts";

/** The examples built on this server and the snapshot each one shows (anyone may read this). */
export async function listExamples(deps: Deps): Promise<{ examples: BuiltExample[] }> {
  const rows = await repo.listPublishedExamples(deps.db.kysely);
  return {
    examples: rows.map((r) => ({
      slug: r.slug,
      snapshot_id: r.snapshot_id!,
      thread_id: r.thread_id,
      built_at: r.built_at!,
    })),
  };
}
