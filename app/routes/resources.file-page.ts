import { data } from "react-router";
import { isAppError } from "../../contracts/errors.ts";
import { getPageText } from "../../contracts/files.ts";
import { apiFor } from "../lib/session.server.ts";
import type { Route } from "./+types/resources.file-page";

/** The viewer's page text (JSON), as the visitor may read it; the API's error otherwise. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  try {
    const page = await api.call(getPageText, {
      params: { id: params.id, fid: params.fid, vid: params.vid, page: Number(params.page) },
    });
    return Response.json(page, { headers: { "cache-control": "private, no-store" } });
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    return data({ error: { code: err.code, message: err.message } }, { status: err.status });
  }
}
