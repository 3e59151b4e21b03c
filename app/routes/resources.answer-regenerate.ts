import { requireBody } from "../lib/body-type.server.ts";
import { relaySse } from "../lib/sse-relay.server.ts";
import type { Route } from "./+types/resources.answer-regenerate";

/** Answer a question again (optional JSON body {model}); the new answer streams back. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const refused = requireBody(request, "json");
  if (refused) return refused;
  const path = `/workspaces/${encodeURIComponent(params.id)}/threads/${encodeURIComponent(params.tid)}/messages/${encodeURIComponent(params.mid)}/regenerate`;
  return relaySse(request, context, path, { method: "POST", body: request.body });
}
