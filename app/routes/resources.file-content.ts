import { data } from "react-router";
import { versionContent } from "../../contracts/raw-endpoints.ts";
import { relayToApi } from "../lib/api-relay.server.ts";
import type { Route } from "./+types/resources.file-content";

/** A file version's bytes for the viewer (pdf.js), streamed through with the API's safe headers. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const res = await relayToApi(request, context, versionContent, {
    params: { id: params.id, fid: params.fid, vid: params.vid },
    signal: request.signal,
  });
  if (!res.ok) throw data(null, { status: res.status === 401 || res.status === 403 ? 404 : res.status });
  const headers = new Headers();
  for (const h of [
    "content-type",
    "content-length",
    "content-disposition",
    "content-security-policy",
    "x-content-type-options",
    "cache-control",
  ]) {
    const v = res.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Response(res.body, { headers });
}
