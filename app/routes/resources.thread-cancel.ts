import { data } from "react-router";
import { cancelStreamQa } from "../../contracts/agent.ts";
import { isAppError } from "../../contracts/errors.ts";
import { requireBody } from "../lib/body-type.server.ts";
import { apiFor } from "../lib/session.server.ts";
import type { Route } from "./+types/resources.thread-cancel";

/** Stop: POST ?message_id=<answer>[&shown=<last event index shown>]; answers {message_id, status} or the API's error. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const refused = requireBody(request, "json");
  if (refused) return refused;
  const search = new URL(request.url).searchParams;
  const messageId = search.get("message_id") ?? "";
  const shown = search.get("shown");
  const api = await apiFor(request, context);
  try {
    return await api.call(cancelStreamQa, {
      params: { id: params.id, tid: params.tid },
      query: { message_id: messageId, ...(shown === null ? {} : { shown: Number(shown) }) },
    });
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    return data({ error: { code: err.code, message: err.message } }, { status: err.status });
  }
}
