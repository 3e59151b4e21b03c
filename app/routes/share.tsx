import { data, isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from "react-router";
import { getSnapshot, getSnapshotWorkspace, listSnapshotThreads } from "../../contracts/snapshots.ts";
import { NotFoundView } from "../components/layout/not-found-view.tsx";
import { WorkspaceFrame } from "../components/workspace/workspace-frame.tsx";
import { readFlash } from "../lib/flash.server.ts";
import { getShowThoughts } from "../lib/preferences.server.ts";
import { apiFor, getUser } from "../lib/session.server.ts";
import { shareMeta } from "../lib/share-meta.ts";
import { userView } from "../lib/user-view.ts";
import { orNotFound } from "../lib/workspace-loader.server.ts";
import type { Route } from "./+types/share";

/**
 * A published snapshot (spec section 4, snapshot mode): the Pod's screens, read only, for anyone,
 * signed in or not. Its own workspace serves the files, pages and downloads; a snapshot that does
 * not exist (or was deleted) is the not-found page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  const p = { id: params.snapshotId };
  const [user, [snapshot, workspace, threads]] = await Promise.all([
    getUser(request, context),
    orNotFound(() =>
      Promise.all([
        api.call(getSnapshot, { params: p }),
        api.call(getSnapshotWorkspace, { params: p }),
        api.call(listSnapshotThreads, { params: p, query: { limit: 200 } }),
      ]),
    ),
  ]);
  const { flash, headers } = await readFlash(request, context);
  return data(
    {
      productName: context.publicEnv.productName,
      user: user ? userView(user) : null,
      snapshot,
      workspace,
      threads: threads.threads,
      showThoughts: await getShowThoughts(request),
      flash,
      origin: new URL(request.url).origin,
    },
    { headers },
  );
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: "Page Not Found" }];
  return shareMeta({
    productName: d.productName,
    workspaceName: d.workspace.name,
    threadName: null,
    description: d.snapshot.description || d.workspace.description,
    firstQuestion: null,
    discoverable: d.snapshot.is_discoverable,
  });
}

export default function ShareLayout() {
  const d = useLoaderData<typeof loader>();
  return (
    <WorkspaceFrame {...d} basePath={`/share/${d.snapshot.id}`} snapshot={{ sharePath: d.snapshot.share_path }}>
      <Outlet />
    </WorkspaceFrame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  throw error;
}
