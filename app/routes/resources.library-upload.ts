import { data } from "react-router";
import { requireBody } from "../lib/body-type.server.ts";
import { uploadAccountFile } from "../../contracts/raw-endpoints.ts";
import { relayToApi } from "../lib/api-relay.server.ts";
import type { Route } from "./+types/resources.library-upload";

/** Account-library uploads are multipart: the body streams through to the API untouched. */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = requireBody(request, "multipart");
  if (refused) return refused;
  const res = await relayToApi(request, context, uploadAccountFile, {
    body: request.body,
    contentType: request.headers.get("content-type"),
  });
  const body: unknown = await res.json().catch(() => ({ error: { message: "The upload failed. Please try again." } }));
  return data(body, { status: res.status });
}
