import { data } from "react-router";
import { isAppError } from "../../contracts/errors.ts";
import { getThreadFileAddon } from "../../contracts/thread-files.ts";
import { apiFor } from "../lib/session.server.ts";
import type { Route } from "./+types/resources.thread-file-addon";

/** What the viewer shows of a thread file version: a workbook's cells or a document's text. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  try {
    const body = await api.call(getThreadFileAddon, {
      params: { id: params.id, tid: params.tid, version_id: params.vid },
      query: {},
    });
    return Response.json(body, { headers: { "cache-control": "private, no-store" } });
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    return data({ error: { code: err.code, message: err.message } }, { status: err.status });
  }
}
