import { data, isRouteErrorResponse, Outlet, redirect, useLoaderData, useRouteError } from "react-router";
import { listThreads } from "../../contracts/threads.ts";
import { getWorkspace } from "../../contracts/workspaces.ts";
import { NotFoundView } from "../components/layout/not-found-view.tsx";
import { pageMeta } from "../components/ui/page-meta.ts";
import { WorkspaceFrame } from "../components/workspace/workspace-frame.tsx";
import { readFlash } from "../lib/flash.server.ts";
import { getShowThoughts } from "../lib/preferences.server.ts";
import { apiFor, getUser } from "../lib/session.server.ts";
import { userView } from "../lib/user-view.ts";
import { handleWorkspaceAction } from "../lib/workspace-actions.server.ts";
import { orNotFound } from "../lib/workspace-loader.server.ts";
import type { Route } from "./+types/workspace";

/** Open to anyone when the workspace is public; a private one is a 404 to everyone but its owner. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  const [user, [workspace, threads]] = await Promise.all([
    getUser(request, context),
    orNotFound(() =>
      Promise.all([
        api.call(getWorkspace, { params: { id: params.id } }),
        api.call(listThreads, { params: { id: params.id }, query: { limit: 200 } }),
      ]),
    ),
  ]);
  // A published snapshot's workspace is only ever shown in snapshot mode (spec section 4).
  if (workspace.snapshot_id) {
    const url = new URL(request.url);
    throw redirect(url.pathname.replace(`/workspace/${params.id}`, `/share/${workspace.snapshot_id}`) + url.search);
  }
  const { flash, headers } = await readFlash(request, context);
  return data(
    {
      productName: context.publicEnv.productName,
      user: user ? userView(user) : null,
      workspace,
      threads: threads.threads,
      showThoughts: await getShowThoughts(request),
      flash,
      origin: new URL(request.url).origin,
    },
    { headers },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return handleWorkspaceAction(request, context, params.id);
}

export function meta({ data: d }: Route.MetaArgs) {
  return pageMeta(d ? `${d.workspace.name} · ${d.productName}` : "Page Not Found");
}

export default function WorkspaceLayout() {
  const d = useLoaderData<typeof loader>();
  return (
    <WorkspaceFrame {...d} basePath={`/workspace/${d.workspace.id}`} snapshot={null}>
      <Outlet />
    </WorkspaceFrame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  throw error;
}
