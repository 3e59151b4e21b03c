import { data } from "react-router";
import { isAppError } from "../../contracts/errors.ts";
import { diffThreadFile } from "../../contracts/thread-files.ts";
import { apiFor } from "../lib/session.server.ts";
import type { Route } from "./+types/resources.thread-file-diff";

/** What changed between two versions of a thread file (`?from=&to=` version ids). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  const url = new URL(request.url);
  try {
    const body = await api.call(diffThreadFile, {
      params: { id: params.id, tid: params.tid, fid: params.fid },
      query: { from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" },
    });
    return Response.json(body, { headers: { "cache-control": "private, no-store" } });
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    return data({ error: { code: err.code, message: err.message } }, { status: err.status });
  }
}
