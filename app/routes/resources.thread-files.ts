import { data } from "react-router";
import { isAppError } from "../../contracts/errors.ts";
import { listThreadFiles } from "../../contracts/thread-files.ts";
import { apiFor } from "../lib/session.server.ts";
import type { Route } from "./+types/resources.thread-files";

/** The thread's files with their versions (JSON), as the visitor may read them. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  try {
    const body = await api.call(listThreadFiles, { params: { id: params.id, tid: params.tid } });
    return Response.json(body, { headers: { "cache-control": "private, no-store" } });
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    return data({ error: { code: err.code, message: err.message } }, { status: err.status });
  }
}
