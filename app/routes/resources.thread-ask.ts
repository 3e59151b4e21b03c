import { requireBody } from "../lib/body-type.server.ts";
import { streamQa } from "../../contracts/agent.ts";
import { relaySse } from "../lib/sse-relay.server.ts";
import type { Route } from "./+types/resources.thread-ask";

/** Ask a question: the JSON body ({query, model?, file_ids?}) goes to stream_qa, the answer streams back. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const refused = requireBody(request, "json");
  if (refused) return refused;
  return relaySse(request, context, streamQa, { params: { id: params.id, tid: params.tid }, body: request.body });
}
