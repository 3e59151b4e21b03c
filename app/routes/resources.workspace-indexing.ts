import { listFiles } from "../../contracts/files.ts";
import { indexingStatus } from "../../contracts/workspaces.ts";
import type { IndexingSnapshot } from "../components/files/use-indexing-status.ts";
import { apiFor } from "../lib/session.server.ts";
import { orNotFound } from "../lib/workspace-loader.server.ts";
import type { Route } from "./+types/resources.workspace-indexing";

/**
 * What the files panel polls while a workspace is indexing: the progress counts and each file's
 * state, as the visitor may see them (the API decides). Never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  const [status, list] = await orNotFound(() =>
    Promise.all([
      api.call(indexingStatus, { params: { id: params.id } }),
      api.call(listFiles, { params: { id: params.id }, query: { limit: 200 } }),
    ]),
  );
  const snapshot: IndexingSnapshot = {
    status,
    files: list.files.map((f) => ({ id: f.id, status: f.status, error: f.error })),
  };
  return Response.json(snapshot, { headers: { "cache-control": "no-store" } });
}
