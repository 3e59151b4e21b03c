import { data, useLoaderData } from "react-router";
import { bookmarkedThreads, unbookmarkThread } from "../../contracts/threads.ts";
import { BookmarkList } from "../components/bookmarks/bookmark-list.tsx";
import { AppHeader } from "../components/layout/app-header.tsx";
import { AppNav } from "../components/layout/app-nav.tsx";
import { AppMain } from "../components/layout/skip-link.tsx";
import { FlashNotice } from "../components/ui/flash-notice.tsx";
import { pageMeta } from "../components/ui/page-meta.ts";
import { field, mutate } from "../lib/action.server.ts";
import { readFlash } from "../lib/flash.server.ts";
import { apiFor, requireUser } from "../lib/session.server.ts";
import { userView } from "../lib/user-view.ts";
import type { Route } from "./+types/bookmarks";

/** /bookmarks: the threads the caller bookmarked and can still read, with their Pod's name. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const api = await apiFor(request, context);
  const { threads } = await api.call(bookmarkedThreads, { query: { limit: 200 } });
  const { flash, headers } = await readFlash(request, context);
  return data(
    {
      productName: context.publicEnv.productName,
      user: userView(user),
      bookmarks: threads,
      flash,
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const form = await request.formData();
  const api = await apiFor(request, context);
  if (field(form, "intent") !== "unbookmark") throw data("Unknown action", { status: 400 });
  return mutate(request, context, {
    run: () => api.call(unbookmarkThread, { params: { id: field(form, "workspaceId"), tid: field(form, "threadId") } }),
    success: "Thread bookmark removed.",
    redirectTo: "/bookmarks",
  });
}

export function meta({ data: d }: Route.MetaArgs) {
  return pageMeta(`Bookmarks · ${d?.productName ?? ""}`);
}

export default function Bookmarks() {
  const { productName, user, bookmarks, flash } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen">
      <AppHeader productName={productName}>
        <AppNav user={user} />
      </AppHeader>
      <AppMain className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
        {flash ? <FlashNotice key={flash.id} notice={flash} className="" /> : null}
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Bookmarks</h1>
          <p className="mt-1 text-sm text-slate-600">Threads you bookmarked, in any Pod you can read.</p>
        </div>
        <BookmarkList bookmarks={bookmarks} />
      </AppMain>
    </div>
  );
}
