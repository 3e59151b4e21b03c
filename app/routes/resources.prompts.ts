import { data } from "react-router";
import { isAppError } from "../../contracts/errors.ts";
import { listPrompts } from "../../contracts/library.ts";
import { apiFor } from "../lib/session.server.ts";
import type { Route } from "./+types/resources.prompts";

/** The signed-in user's saved prompts (JSON: id, title, content), for the question box's picker. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  try {
    const { prompts } = await api.call(listPrompts, { query: { limit: 100 } });
    return Response.json(
      { prompts: prompts.map((p) => ({ id: p.id, title: p.title, content: p.content })) },
      { headers: { "cache-control": "private, no-store" } },
    );
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    return data({ error: { code: err.code, message: err.message } }, { status: err.status });
  }
}
