import { data, redirect, useLoaderData } from "react-router";
import { sendVerificationEmail } from "../../contracts/auth.ts";
import { isAppError } from "../../contracts/errors.ts";
import {
  createWorkspace,
  deleteWorkspace,
  listWorkspaces,
  mostBookmarkedWorkspaces,
  removeWorkspaceBookmark,
} from "../../contracts/workspaces.ts";
import { VerificationBanner } from "../components/auth/verification-banner.tsx";
import { AppHeader } from "../components/layout/app-header.tsx";
import { AppMain } from "../components/layout/skip-link.tsx";
import { FlashNotice } from "../components/ui/flash-notice.tsx";
import { pageMeta } from "../components/ui/page-meta.ts";
import { AppNav } from "../components/layout/app-nav.tsx";
import { CreateWorkspaceForm } from "../components/workspace-list/create-workspace-form.tsx";
import { DemoStart } from "../components/workspace-list/demo-start.tsx";
import { MostBookmarked } from "../components/workspace-list/most-bookmarked.tsx";
import { WorkspaceList, type WorkspaceFilter } from "../components/workspace-list/workspace-list.tsx";
import { field, mutate } from "../lib/action.server.ts";
import { startDemo } from "../lib/demo-start.server.ts";
import { readFlash, setFlash } from "../lib/flash.server.ts";
import { apiFor, requireUser } from "../lib/session.server.ts";
import { userView } from "../lib/user-view.ts";
import type { Route } from "./+types/workspaces";

const FILTERS: WorkspaceFilter[] = ["all", "owned", "bookmarked"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { flash, headers } = await readFlash(request, context);
  const url = new URL(request.url);
  const filter = FILTERS.find((f) => f === url.searchParams.get("filter")) ?? "all";
  const api = await apiFor(request, context);
  const [list, popular] = await Promise.all([
    api.call(listWorkspaces, { query: { filter, limit: 200 } }),
    api.call(mostBookmarkedWorkspaces, { query: { limit: 6 } }),
  ]);
  return data(
    {
      productName: context.publicEnv.productName,
      user: userView(user),
      flash,
      filter,
      workspaces: list.workspaces,
      popular: popular.workspaces,
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const form = await request.formData();
  const intent = field(form, "intent");
  const api = await apiFor(request, context);
  const back = field(form, "redirectTo") || "/home";
  if (intent === "create") {
    const body = { name: field(form, "name"), is_public: form.get("is_public") === "on" };
    try {
      const created = await api.call(createWorkspace, { body });
      const flash = await setFlash(request, context, {
        kind: "success",
        message: `Workspace "${created.name}" created.`,
      });
      return redirect(`/workspace/${created.id}`, { headers: { "Set-Cookie": flash } });
    } catch (err) {
      if (!isAppError(err) || err.status >= 500) throw err;
      return data({ error: err.fields?.name ?? err.message, values: body }, { status: err.status });
    }
  }
  if (intent === "demo-start") return startDemo(api);
  if (intent === "delete") {
    const id = field(form, "workspaceId");
    return mutate(request, context, {
      run: () => api.call(deleteWorkspace, { params: { id } }),
      success: "Workspace deleted.",
      redirectTo: back,
    });
  }
  if (intent === "unbookmark") {
    const id = field(form, "workspaceId");
    return mutate(request, context, {
      run: () => api.call(removeWorkspaceBookmark, { params: { id } }),
      success: "Bookmark removed.",
      redirectTo: back,
    });
  }
  if (intent === "resend-verification") {
    return mutate(request, context, {
      run: () => api.call(sendVerificationEmail, { body: { continueUrl: "/home" } }),
      success: "Verification email sent! Please check your inbox.",
      redirectTo: back,
    });
  }
  throw data("Unknown action", { status: 400 });
}

export function meta({ data: d }: Route.MetaArgs) {
  return pageMeta(`Workspaces · ${d?.productName ?? ""}`);
}

export default function Workspaces() {
  const { productName, user, flash, filter, workspaces, popular } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen">
      <DemoStart />
      <AppHeader productName={productName}>
        <AppNav user={user} />
      </AppHeader>
      <AppMain className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6">
        {flash ? <FlashNotice key={flash.id} notice={flash} className="" /> : null}
        <VerificationBanner status={user.verificationStatus} email={user.email} />
        <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
          <div className="min-w-0 flex-1 space-y-6">
            <div>
              <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Your workspaces</h1>
              <p className="mt-1 text-sm text-slate-600">
                Pods hold your files and conversation threads with the analyst agents.
              </p>
            </div>
            <WorkspaceList workspaces={workspaces} filter={filter} />
          </div>
          <aside className="w-full space-y-6 lg:w-80 lg:shrink-0">
            <CreateWorkspaceForm />
            <MostBookmarked workspaces={popular} />
          </aside>
        </div>
      </AppMain>
    </div>
  );
}
