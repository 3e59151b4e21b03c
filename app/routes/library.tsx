import { data, useLoaderData } from "react-router";
import {
  createPrompt,
  deleteAccountFile,
  deletePrompt,
  getStorage,
  listAccountFiles,
  listPrompts,
  transferAccountFile,
  updatePrompt,
} from "../../contracts/library.ts";
import { listWorkspaces } from "../../contracts/workspaces.ts";
import { AccountFiles } from "../components/library/account-files.tsx";
import { PromptsPanel } from "../components/library/prompts-panel.tsx";
import { AppHeader } from "../components/layout/app-header.tsx";
import { AppMain } from "../components/layout/skip-link.tsx";
import { FlashNotice } from "../components/ui/flash-notice.tsx";
import { pageMeta } from "../components/ui/page-meta.ts";
import { AppNav } from "../components/layout/app-nav.tsx";
import { field, mutate } from "../lib/action.server.ts";
import { readFlash } from "../lib/flash.server.ts";
import { apiFor, requireUser } from "../lib/session.server.ts";
import { userView } from "../lib/user-view.ts";
import type { Route } from "./+types/library";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const api = await apiFor(request, context);
  const [files, prompts, owned, storage] = await Promise.all([
    api.call(listAccountFiles, { query: { limit: 200 } }),
    api.call(listPrompts, { query: { limit: 200 } }),
    api.call(listWorkspaces, { query: { filter: "owned", limit: 200 } }),
    api.call(getStorage),
  ]);
  const { flash, headers } = await readFlash(request, context);
  return data(
    {
      productName: context.publicEnv.productName,
      user: userView(user),
      files: files.files,
      prompts: prompts.prompts,
      workspaces: owned.workspaces.map((w) => ({ id: w.id, name: w.name })),
      storage,
      flash,
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const form = await request.formData();
  const api = await apiFor(request, context);
  const go = (run: () => Promise<unknown>, success: string) =>
    mutate(request, context, { run, success, redirectTo: "/library" });
  const fid = field(form, "fileId");
  const pid = field(form, "promptId");
  const prompt = { title: field(form, "title"), content: field(form, "content") };
  switch (field(form, "intent")) {
    case "delete-file":
      return go(() => api.call(deleteAccountFile, { params: { fid } }), "File deleted.");
    case "transfer": {
      const workspaceId = field(form, "workspaceId");
      return go(() => api.call(transferAccountFile, { params: { fid, workspaceId } }), "File added to the workspace.");
    }
    case "create-prompt":
      return go(() => api.call(createPrompt, { body: prompt }), "Prompt saved.");
    case "update-prompt":
      return go(() => api.call(updatePrompt, { params: { pid }, body: prompt }), "Prompt updated.");
    case "delete-prompt":
      return go(() => api.call(deletePrompt, { params: { pid } }), "Prompt deleted.");
    default:
      throw data("Unknown action", { status: 400 });
  }
}

export function meta({ data: d }: Route.MetaArgs) {
  return pageMeta(`Library · ${d?.productName ?? ""}`);
}

export default function Library() {
  const { productName, user, files, prompts, workspaces, storage, flash } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen">
      <AppHeader productName={productName}>
        <AppNav user={user} />
      </AppHeader>
      <AppMain className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
        {flash ? <FlashNotice key={flash.id} notice={flash} className="" /> : null}
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Library</h1>
          <p className="mt-1 text-sm text-slate-600">Files and prompts you keep at hand across workspaces.</p>
        </div>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <AccountFiles files={files} workspaces={workspaces} storage={storage} />
          <PromptsPanel prompts={prompts} />
        </div>
      </AppMain>
    </div>
  );
}
