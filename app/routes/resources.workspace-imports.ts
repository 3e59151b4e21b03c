import { data } from "react-router";
import { downloadFromUrl, uploadFromGdrive } from "../../contracts/raw-endpoints.ts";
import { relayToApi } from "../lib/api-relay.server.ts";
import { requireBody } from "../lib/body-type.server.ts";
import type { Route } from "./+types/resources.workspace-imports";

const SOURCES = { url: downloadFromUrl, gdrive: uploadFromGdrive } as const;

/**
 * 'Add from URL' and 'Add from Google Drive': the form (url + filename, or file_id + access_token)
 * streams through to the API's import endpoint, which validates it, fetches the file and stores it
 * like an upload. The API's refusals (a private address, a Drive error) come back with its message.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const refused = requireBody(request, "form");
  if (refused) return refused;
  const source = SOURCES[params.source as keyof typeof SOURCES];
  if (!source) return data({ error: { message: "Unknown import source." } }, { status: 404 });
  const res = await relayToApi(request, context, source, {
    params: { id: params.id },
    body: request.body,
    contentType: request.headers.get("content-type"),
  });
  const body: unknown = await res.json().catch(() => ({ error: { message: "The import failed. Please try again." } }));
  return data(body, { status: res.status });
}
