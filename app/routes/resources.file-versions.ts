import { data } from "react-router";
import { isAppError } from "../../contracts/errors.ts";
import { getFileMetadata } from "../../contracts/files.ts";
import { apiFor } from "../lib/session.server.ts";
import type { Route } from "./+types/resources.file-versions";

/** The viewer's version list of a file (oldest first), as the visitor may read it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  try {
    const f = await api.call(getFileMetadata, { params: { id: params.id, fid: params.fid } });
    return Response.json(
      { current: f.version_id, versions: f.versions },
      { headers: { "cache-control": "private, no-store" } },
    );
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    return data({ error: { code: err.code, message: err.message } }, { status: err.status });
  }
}
