import { requireBody } from "../lib/body-type.server.ts";
import { relaySse } from "../lib/sse-relay.server.ts";
import type { Route } from "./+types/resources.thread-ask";

/** Ask a question: the JSON body ({query, model?, file_ids?}) goes to stream_qa, the answer streams back. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const refused = requireBody(request, "json");
  if (refused) return refused;
  const path = `/workspaces/${encodeURIComponent(params.id)}/threads/${encodeURIComponent(params.tid)}/stream_qa`;
  return relaySse(request, context, path, { method: "POST", body: request.body });
}
