import type { AppLoadContext } from "react-router";
import { AppError } from "../../contracts/errors.ts";
import { findFiles, findFilesEvent } from "../../contracts/raw-endpoints.ts";
import type { FileHit } from "../components/search/group-results.ts";
import { relayToApi } from "./api-relay.server.ts";

export type FindFilesResult =
  { ok: true; hits: FileHit[]; workspacesSearched: number } | { ok: false; message: string };

/**
 * Runs find_files for a page loader and reads its NDJSON stream to the end (the page renders once
 * everything is in, so it works without JavaScript). A refusal before the stream (400, 401) is the
 * API's error; an error event inside it is shown as the search's failure.
 */
export async function findFilesFor(request: Request, context: AppLoadContext, query: string): Promise<FindFilesResult> {
  const res = await relayToApi(request, context, findFiles, {
    body: new Response(JSON.stringify({ query, option: "all" })).body,
    contentType: "application/json",
    accept: "application/x-ndjson",
    signal: request.signal,
  });
  if (!res.ok) {
    const err = AppError.fromBody(await res.json().catch(() => null), res.status);
    if (res.status >= 500) throw err;
    return { ok: false, message: err.message };
  }
  const hits: FileHit[] = [];
  for (const line of (await res.text()).split("\n")) {
    if (!line.trim()) continue;
    const e = findFilesEvent.parse(JSON.parse(line));
    if (e.type === "file") hits.push(e);
    else if (e.type === "error") return { ok: false, message: e.message };
    else return { ok: true, hits, workspacesSearched: e.workspaces_searched };
  }
  return { ok: false, message: "The search ended before it finished. Please try again." };
}
