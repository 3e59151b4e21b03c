import { redirect } from "react-router";
import { generateDownloadUrl } from "../../contracts/files.ts";
import { apiFor } from "../lib/session.server.ts";
import { orNotFound } from "../lib/workspace-loader.server.ts";
import type { Route } from "./+types/resources.workspace-file-download";

/** A plain link (works without JavaScript): a fresh short-lived URL, then the browser follows it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  const { download_url } = await orNotFound(() =>
    api.call(generateDownloadUrl, { params: { id: params.id, fid: params.fid }, body: {} }),
  );
  return redirect(download_url);
}
