import { data } from "react-router";
import { filesZip } from "../../contracts/raw-endpoints.ts";
import { relayToApi } from "../lib/api-relay.server.ts";
import type { Route } from "./+types/resources.workspace-zip";

/** "Download all": the API's zip stream, passed through as it is produced. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const res = await relayToApi(request, context, filesZip, { params: { id: params.id } });
  if (!res.ok) throw data(null, { status: res.status === 401 || res.status === 403 ? 404 : res.status });
  return new Response(res.body, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": 'attachment; filename="workspace_files.zip"',
      "cache-control": "no-store",
    },
  });
}
