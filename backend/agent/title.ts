import { generateText } from "ai";
import { SEARCH_MODEL } from "../../contracts/agent.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import { renameThreadIfNamed } from "../threads/repo.ts";
import { recordUsage } from "./repo.ts";

const TITLE_TIMEOUT_MS = 15_000;

/**
 * With LLM_AUTO_TITLE and a model, names a thread (already named `plain` from its first question's
 * words) by the model, in the background: only if nobody renamed it meanwhile. The call is
 * metered like any other; a failure leaves the plain name.
 */
export function nameWithModel(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; threadId: string; query: string; model: string; plain: string },
): void {
  if (!deps.config.LLM_AUTO_TITLE || o.model === SEARCH_MODEL) return;
  void modelTitle(deps, o.model, o.query)
    .then(async (t) => {
      await recordUsage(deps, {
        userId: o.actor.user.id,
        workspaceId: o.workspaceId,
        threadId: o.threadId,
        messageId: null,
        ...t.usage,
      });
      if (t.title) await renameThreadIfNamed(deps.db.kysely, { threadId: o.threadId, from: o.plain, to: t.title });
    })
    .catch((err: unknown) => deps.log.warn("[agent] naming a thread with the model failed:", err));
}

async function modelTitle(deps: Deps, model: string, query: string) {
  const r = await generateText({
    model: deps.llm.languageModel(model),
    system:
      "Write a title of at most 8 words for a conversation that starts with the user's question. Answer with the title only, no quotes.",
    prompt: query.slice(0, 2000),
    maxOutputTokens: 30,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(TITLE_TIMEOUT_MS),
  });
  const title = r.text
    .replace(/^["'\s]+|["'.\s]+$/g, "")
    .replace(/\s+/g, " ")
    .slice(0, 80);
  const inputTokens = r.usage.inputTokens ?? 0;
  const outputTokens = r.usage.outputTokens ?? 0;
  return { title, usage: { model, inputTokens, outputTokens, costUsd: deps.llm.cost({ inputTokens, outputTokens }) } };
}
