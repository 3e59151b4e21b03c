import { data } from "react-router";
import { isAppError } from "../../contracts/errors.ts";
import { autoGeneratePrompts } from "../../contracts/suggested-prompts.ts";
import { createThread } from "../../contracts/threads.ts";
import { requireBody } from "../lib/body-type.server.ts";
import { apiFor } from "../lib/session.server.ts";
import type { Route } from "./+types/resources.workspace-suggested-prompts";

/**
 * Suggested questions for a Pod. POST {count?}: {prompts, generated_by}. POST {start: true}: a new
 * thread to ask one of them in ({thread_id}; the page hands the question over and opens it).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const refused = requireBody(request, "json");
  if (refused) return refused;
  const body = (await request.json().catch(() => ({}))) as { count?: unknown; start?: unknown };
  const api = await apiFor(request, context);
  try {
    if (body.start === true) {
      const thread = await api.call(createThread, { params: { id: params.id }, body: {} });
      return { thread_id: thread.id };
    }
    const count = typeof body.count === "number" ? body.count : undefined;
    return await api.call(autoGeneratePrompts, { params: { id: params.id }, body: { count } });
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    return data({ error: { code: err.code, message: err.message } }, { status: err.status });
  }
}
