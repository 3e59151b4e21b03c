import { data } from "react-router";
import { answerConfirmation } from "../../contracts/agent.ts";
import { isAppError } from "../../contracts/errors.ts";
import { requireBody } from "../lib/body-type.server.ts";
import { apiFor } from "../lib/session.server.ts";
import type { Route } from "./+types/resources.answer-confirmation";

/** Import / Cancel on an answer's confirmation card: JSON {approve}; answers {id, status} or the API's error. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const refused = requireBody(request, "json");
  if (refused) return refused;
  const body = (await request.json().catch(() => null)) as { approve?: unknown } | null;
  if (typeof body?.approve !== "boolean")
    return data({ error: { code: "validation_failed", message: "Say approve: true or false." } }, { status: 400 });
  const api = await apiFor(request, context);
  try {
    return await api.call(answerConfirmation, {
      params: { id: params.id, tid: params.tid, mid: params.mid, cid: params.cid },
      body: { approve: body.approve },
    });
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    return data({ error: { code: err.code, message: err.message } }, { status: err.status });
  }
}
