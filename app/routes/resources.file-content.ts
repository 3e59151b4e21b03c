import { data } from "react-router";
import { versionContent } from "../../contracts/raw-endpoints.ts";
import { relayToApi } from "../lib/api-relay.server.ts";
import type { Route } from "./+types/resources.file-content";

/** What the API's answer carries through to the browser: its safe headers and the range ones. */
const PASSED = [
  "content-type",
  "content-length",
  "content-disposition",
  "content-security-policy",
  "x-content-type-options",
  "cache-control",
  "accept-ranges",
  "content-range",
  "etag",
];

/**
 * A file version's bytes for the viewer (pdf.js), streamed through with the API's safe headers.
 * Range and If-Range go along, so pdf.js fetches only the parts of a PDF it draws (206), and a
 * range past the end stays a 416 with the file's size.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const forward: Record<string, string> = {};
  for (const h of ["range", "if-range"]) {
    const v = request.headers.get(h);
    if (v) forward[h] = v;
  }
  const res = await relayToApi(request, context, versionContent, {
    params: { id: params.id, fid: params.fid, vid: params.vid },
    headers: forward,
    signal: request.signal,
  });
  if (!res.ok && res.status !== 416)
    throw data(null, { status: res.status === 401 || res.status === 403 ? 404 : res.status });
  const headers = new Headers();
  for (const h of PASSED) {
    const v = res.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Response(res.body, { status: res.status, headers });
}
