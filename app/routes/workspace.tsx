import { data, isRouteErrorResponse, Outlet, useLoaderData, useLocation, useRouteError } from "react-router";
import { listThreads } from "../../contracts/threads.ts";
import { getWorkspace } from "../../contracts/workspaces.ts";
import { AppHeader } from "../components/layout/app-header.tsx";
import { FlashNotice } from "../components/ui/flash-notice.tsx";
import { NotFoundView } from "../components/layout/not-found-view.tsx";
import { pageMeta } from "../components/ui/page-meta.ts";
import { ThreadList } from "../components/workspace/thread-list.tsx";
import { WorkspaceHeader } from "../components/workspace/workspace-header.tsx";
import { AppNav } from "../components/layout/app-nav.tsx";
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
  const { flash, headers } = await readFlash(request, context);
  return data(
    {
      productName: context.publicEnv.productName,
      user: user ? userView(user) : null,
      workspace,
      threads: threads.threads,
      showThoughts: await getShowThoughts(request),
      flash,
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
  const { productName, user, workspace, threads, showThoughts, flash } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <div className="min-h-screen">
      <AppHeader productName={productName}>
        <AppNav user={user} returnTo={location.pathname} />
      </AppHeader>
      <main className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6">
        {flash ? <FlashNotice key={flash.id} notice={flash} className="" /> : null}
        <WorkspaceHeader workspace={workspace} signedIn={Boolean(user)} showThoughts={showThoughts} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <ThreadList workspace={workspace} threads={threads} signedIn={Boolean(user)} />
          <div className="min-w-0">
            <Outlet />
          </div>
        </div>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  throw error;
}
