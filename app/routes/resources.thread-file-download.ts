import { redirect } from "react-router";
import { getThreadFileVersion } from "../../contracts/thread-files.ts";
import { apiFor } from "../lib/session.server.ts";
import { orNotFound } from "../lib/workspace-loader.server.ts";
import type { Route } from "./+types/resources.thread-file-download";

/** A plain link to a thread file version's bytes: a fresh short-lived URL, then the browser follows it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  const v = await orNotFound(() =>
    api.call(getThreadFileVersion, { params: { id: params.id, tid: params.tid, version_id: params.vid }, query: {} }),
  );
  return redirect(v.download_url);
}
