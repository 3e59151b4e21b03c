import type { FindFilesEvent } from "../../contracts/raw-endpoints.ts";
import type { Deps } from "../deps.ts";
import { listOwnedFilesNamedLike } from "../files/repo.ts";
import type { Actor } from "../platform/http/context.ts";
import { listOwnedWorkspaceNames } from "../workspaces/repo.ts";
import { tokenize } from "./query.ts";
import { searchWorkspace } from "./service.ts";

type FileEvent = Extract<FindFilesEvent, { type: "file" }>;

/** Name matches returned at most; content matches per workspace. */
const NAME_LIMIT = 50;
const CONTENT_PER_WORKSPACE = 10;

/**
 * Files of the caller's own workspaces and account library matching a query, yielded as they are
 * found: name matches first (one query, best first), then content matches workspace by workspace
 * (most recently updated first; best first within each), each file once. Stops early on `signal`.
 */
export async function* findFiles(
  deps: Deps,
  o: { actor: Actor; query: string; option: "all" | "name" | "content"; signal?: AbortSignal },
): AsyncGenerator<FindFilesEvent> {
  const db = deps.db.kysely;
  const workspaces = await listOwnedWorkspaceNames(db, o.actor.user.id);
  const names = new Map(workspaces.map((w) => [w.id, w.name]));
  const seen = new Set<string>();
  let files = 0;

  if (o.option !== "content") {
    const words = [...new Set(tokenize(o.query))];
    const rows = words.length === 0 ? [] : await listOwnedFilesNamedLike(db, { ownerId: o.actor.user.id, words });
    const ranked = rows
      .map((f) => {
        const own = new Set(tokenize(f.filename));
        return {
          f,
          score:
            words.filter((w) => own.has(w)).length +
            0.5 * words.filter((w) => !own.has(w) && f.filename.toLowerCase().includes(w)).length,
        };
      })
      .filter((r) => r.score > 0 && (r.f.scope === "account" || names.has(r.f.workspace_id ?? "")))
      .sort((a, b) => b.score - a.score || a.f.filename.localeCompare(b.f.filename))
      .slice(0, NAME_LIMIT);
    for (const { f, score } of ranked) {
      seen.add(f.id);
      files++;
      yield event({
        match: "name",
        file_id: f.id,
        filename: f.filename,
        scope: f.scope as FileEvent["scope"],
        workspace_id: f.workspace_id,
        workspace_name: names.get(f.workspace_id ?? "") ?? null,
        page: null,
        snippet: null,
        score,
      });
    }
  }

  let searched = 0;
  if (o.option !== "name") {
    for (const w of workspaces) {
      if (o.signal?.aborted) return;
      const { results } = await searchWorkspace(deps, {
        actor: o.actor,
        workspaceId: w.id,
        query: o.query,
        limit: CONTENT_PER_WORKSPACE,
      });
      searched++;
      for (const r of results) {
        if (seen.has(r.file_id)) continue;
        seen.add(r.file_id);
        files++;
        yield event({
          match: "content",
          file_id: r.file_id,
          filename: r.filename,
          scope: "workspace",
          workspace_id: w.id,
          workspace_name: w.name,
          page: r.page,
          snippet: r.snippet,
          score: r.score,
        });
      }
    }
  }
  yield { type: "done", files, workspaces_searched: searched };
}

const event = (e: Omit<FileEvent, "type">): FileEvent => ({ type: "file", ...e });
