import * as c from "../../contracts/agent.ts";
import { autoGeneratePrompts, SUGGESTED_PROMPTS_DEFAULT } from "../../contracts/suggested-prompts.ts";
import type { Deps } from "../deps.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { rawRoute } from "../platform/http/raw-route.ts";
import { route, type Guard } from "../platform/http/route.ts";
import { sseResponse } from "../platform/http/sse.ts";
import { askQuestion, regenerate } from "./ask.ts";
import { cancelAnswer } from "./cancel.ts";
import { answerConfirmation } from "./confirmations.ts";
import { followAnswer, replayAnswer } from "./follow.ts";
import { suggestPrompts } from "./suggest-prompts.ts";

/**
 * The agent's HTTP edge. Each handler runs its service's checks first (so they fail as HTTP
 * errors), then adapts the events to Server-Sent Events. A client that leaves stops only its own
 * response: the answer goes on and is stored.
 */
export function registerAgentRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  const sse = (open: Parameters<typeof sseResponse>[0]) => sseResponse(open, { log: deps.log.error });
  const m = (p: { id: string; tid: string; mid: string }) => ({ workspaceId: p.id, threadId: p.tid, messageId: p.mid });

  rawRoute(app, guard, c.streamQa, async ({ actor, params, body }) => {
    const live = await askQuestion(deps, {
      actor,
      workspaceId: params.id,
      threadId: params.tid,
      query: body.query,
      model: body.model,
      fileIds: body.file_ids,
    });
    return sse(() => live.follow());
  });

  rawRoute(app, guard, c.regenerateAnswer, async ({ actor, params, body }) => {
    const live = await regenerate(deps, { actor, ...m(params), model: body?.model });
    return sse(() => live.follow());
  });

  rawRoute(app, guard, c.subscribeAnswer, async ({ c: ctx, actor, params, query }) => {
    const header = ctx.req.header("last-event-id")?.trim();
    const lastEventId = header && /^\d+$/.test(header) ? Number(header) : -1;
    const after = query.after ?? lastEventId;
    return sse(await followAnswer(deps, { actor, ...m(params), after }));
  });

  rawRoute(app, guard, c.replayAnswer, async ({ actor, params, query }) =>
    sse(await replayAnswer(deps, { actor, ...m(params), speedFactor: query.speed_factor })),
  );

  route(app, guard, c.cancelStreamQa, async ({ actor, params, query }) =>
    cancelAnswer(deps, {
      actor,
      workspaceId: params.id,
      threadId: params.tid,
      messageId: query.message_id,
      shown: query.shown,
    }),
  );

  route(app, guard, c.answerConfirmation, async ({ actor, params, body }) =>
    answerConfirmation(deps, { actor, ...m(params), confirmationId: params.cid, approve: body.approve }),
  );

  route(app, guard, c.listModels, async () => {
    const models = [...deps.llm.models, c.SEARCH_MODEL];
    return { models, default_model: models[0]! };
  });
  route(app, guard, autoGeneratePrompts, async ({ actor, params, body }) =>
    suggestPrompts(deps, { actor, workspaceId: params.id, count: body?.count ?? SUGGESTED_PROMPTS_DEFAULT }),
  );
}
