import { redirect } from "react-router";
import { getAccountFile } from "../../contracts/library.ts";
import { apiFor, requireUser } from "../lib/session.server.ts";
import { orNotFound } from "../lib/workspace-loader.server.ts";
import type { Route } from "./+types/resources.library-file-download";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = await apiFor(request, context);
  const { download_url } = await orNotFound(() => api.call(getAccountFile, { params: { fid: params.fid } }));
  return redirect(download_url);
}
