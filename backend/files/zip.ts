import { PassThrough, type Readable } from "node:stream";
import yazl from "yazl";
import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import { loadWorkspace } from "../workspaces/service.ts";
import { listStoredWorkspaceFiles } from "./repo.ts";

/** Unique names inside the archive: "a.pdf", "a (2).pdf", ... */
export function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const key = name.toLowerCase();
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n === 1) return name;
    const dot = name.lastIndexOf(".");
    return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  });
}

/**
 * The workspace's files as one zip, streamed: each file is opened only when the archive
 * reaches it, so memory and open handles stay flat however many files there are.
 */
export async function zipWorkspaceFiles(
  deps: Deps,
  o: { actor: Actor | null; workspaceId: string },
): Promise<Readable> {
  await loadWorkspace(deps, o.actor, o.workspaceId);
  const rows = await listStoredWorkspaceFiles(deps.db.kysely, o.workspaceId);
  const zip = new yazl.ZipFile();
  const names = uniqueNames(rows.map((r) => r.filename));
  rows.forEach((r, i) => {
    zip.addReadStreamLazy(names[i]!, { mtime: new Date(r.updated_at), compress: true }, (cb) => {
      deps.blobs.get(r.blob_key!).then(
        (s) => cb(null, s),
        (err: Error) => cb(err, undefined as unknown as Readable),
      );
    });
  });
  zip.end();
  const out = new PassThrough();
  (zip.outputStream as Readable).on("error", (err) => out.destroy(err)).pipe(out);
  return out;
}
