import * as c from "../../contracts/threads.ts";
import type { Deps } from "../deps.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { route, type Guard } from "../platform/http/route.ts";
import * as messages from "./messages.ts";
import * as threads from "./service.ts";

export function registerThreadRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  route(app, guard, c.listThreads, async ({ actor, params, query }) =>
    threads.listThreads(deps, { actor, workspaceId: params.id, ...query }),
  );
  route(app, guard, c.createThread, async ({ actor, params, body }) =>
    threads.createThread(deps, { actor, workspaceId: params.id, name: body?.name }),
  );
  route(app, guard, c.getThread, async ({ actor, params }) =>
    threads.getThread(deps, { actor, workspaceId: params.id, threadId: params.tid }),
  );
  route(app, guard, c.updateThread, async ({ actor, params, body }) =>
    threads.updateThread(deps, { actor, workspaceId: params.id, threadId: params.tid, name: body.name }),
  );
  route(app, guard, c.deleteThread, async ({ actor, params }) => {
    await threads.deleteThread(deps, { actor, workspaceId: params.id, threadId: params.tid });
    return { ok: true as const };
  });
  const t = (p: { id: string; tid: string }) => ({ workspaceId: p.id, threadId: p.tid });
  route(app, guard, c.pinThread, async ({ actor, params }) =>
    threads.updateThread(deps, { actor, ...t(params), pinned: true }),
  );
  route(app, guard, c.unpinThread, async ({ actor, params }) =>
    threads.updateThread(deps, { actor, ...t(params), pinned: false }),
  );
  route(app, guard, c.bookmarkThread, async ({ actor, params }) =>
    threads.setThreadBookmark(deps, { actor, ...t(params), on: true }),
  );
  route(app, guard, c.unbookmarkThread, async ({ actor, params }) =>
    threads.setThreadBookmark(deps, { actor, ...t(params), on: false }),
  );
  route(app, guard, c.autoRenameThread, async ({ actor, params, body }) =>
    threads.autoRenameThread(deps, { actor, ...t(params), userQuery: body.user_query }),
  );
  route(app, guard, c.bookmarkedThreads, async ({ actor, query }) =>
    threads.bookmarkedThreads(deps, { actor, ...query }),
  );
  route(app, guard, c.allThreads, async ({ actor, query }) => threads.allThreads(deps, { actor, ...query }));

  route(app, guard, c.listMessages, async ({ actor, params, query }) =>
    messages.listMessages(deps, { actor, ...t(params), ...query }),
  );
  const m = (p: { id: string; tid: string; mid: string }) => ({ workspaceId: p.id, threadId: p.tid, messageId: p.mid });
  route(app, guard, c.setMessageActive, async ({ actor, params }) => messages.setActive(deps, { actor, ...m(params) }));
  route(app, guard, c.postFeedback, async ({ actor, params, body }) =>
    messages.setFeedback(deps, { actor, ...m(params), rating: body.rating, comment: body.comment }),
  );
  route(app, guard, c.deleteFeedback, async ({ actor, params }) =>
    messages.setFeedback(deps, { actor, ...m(params), rating: null }),
  );
}
