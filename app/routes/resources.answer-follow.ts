import { subscribeAnswer } from "../../contracts/agent.ts";
import { relaySse } from "../lib/sse-relay.server.ts";
import type { Route } from "./+types/resources.answer-follow";

/**
 * Follow an answer (after a refresh, in a second tab, or when a stream broke): its events after
 * `?after=<index>`, then live ones until done.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const after = new URL(request.url).searchParams.get("after");
  const query = after && /^-?\d+$/.test(after) ? { after } : {};
  return relaySse(request, context, subscribeAnswer, {
    params: { id: params.id, tid: params.tid, mid: params.mid },
    query,
  });
}
