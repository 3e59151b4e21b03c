import * as c from "../../contracts/snapshots.ts";
import type { Deps } from "../deps.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { route, type Guard } from "../platform/http/route.ts";
import * as snapshots from "./service.ts";

export function registerSnapshotRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  route(app, guard, c.snapshotWorkspace, async ({ actor, params, body }) =>
    snapshots.publish(deps, { actor, workspaceId: params.id, isDiscoverable: body?.is_discoverable ?? false }),
  );
  route(app, guard, c.snapshotThread, async ({ actor, params, body }) =>
    snapshots.publish(deps, {
      actor,
      workspaceId: params.id,
      threadId: params.tid,
      isDiscoverable: body?.is_discoverable ?? false,
    }),
  );
  route(app, guard, c.listSnapshots, async ({ actor, query }) => snapshots.listMySnapshots(deps, { actor, ...query }));
  route(app, guard, c.sitePublishedSnapshots, async () => snapshots.listSiteSnapshots(deps));
  route(app, guard, c.getSnapshot, async ({ params }) => snapshots.getSnapshot(deps, { id: params.id }));
  route(app, guard, c.deleteSnapshot, async ({ actor, params }) => {
    await snapshots.deleteSnapshot(deps, { actor, id: params.id });
    return { ok: true as const };
  });
  route(app, guard, c.getSnapshotWorkspace, async ({ actor, params }) =>
    snapshots.getSnapshotWorkspace(deps, { actor, id: params.id }),
  );
  route(app, guard, c.listSnapshotThreads, async ({ actor, params, query }) =>
    snapshots.listSnapshotThreads(deps, { actor, id: params.id, ...query }),
  );
  route(app, guard, c.listSnapshotFiles, async ({ actor, params, query }) =>
    snapshots.listSnapshotFiles(deps, { actor, id: params.id, ...query }),
  );
  route(app, guard, c.getSnapshotThread, async ({ actor, params }) =>
    snapshots.getSnapshotThread(deps, { actor, id: params.id, threadId: params.tid }),
  );
  route(app, guard, c.listSnapshotMessages, async ({ actor, params, query }) =>
    snapshots.listSnapshotMessages(deps, { actor, id: params.id, threadId: params.tid, ...query }),
  );
}
