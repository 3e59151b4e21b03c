import { requireBody } from "../lib/body-type.server.ts";
import { regenerateAnswer } from "../../contracts/agent.ts";
import { relaySse } from "../lib/sse-relay.server.ts";
import type { Route } from "./+types/resources.answer-regenerate";

/** Answer a question again (optional JSON body {model}); the new answer streams back. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const refused = requireBody(request, "json");
  if (refused) return refused;
  return relaySse(request, context, regenerateAnswer, {
    params: { id: params.id, tid: params.tid, mid: params.mid },
    body: request.body,
  });
}
