import { data, redirect, useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { deleteSnapshot, listSnapshots, type Snapshot } from "../../contracts/snapshots.ts";
import { filterSearch, parsePublishedFilter } from "../components/published/published-filter.ts";
import { PublishedLinks } from "../components/published/published-links.tsx";
import { FlashNotice } from "../components/ui/flash-notice.tsx";
import { pageMeta } from "../components/ui/page-meta.ts";
import { field } from "../lib/action.server.ts";
import type { ApiClient } from "../lib/api-client.ts";
import { readFlash, setFlash, type Flash } from "../lib/flash.server.ts";
import { apiFor, requireUser } from "../lib/session.server.ts";
import type { Route } from "./+types/settings-published";

/** Spec section 9: the published links' toasts last 3 s. */
const TOAST_MS = 3000;
// The filters work on the whole list, so read every page (200 is the contract's largest).
const PAGE = 200;
const MAX_PAGES = 50;

async function listAllSnapshots(api: ApiClient): Promise<Snapshot[]> {
  const all: Snapshot[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < MAX_PAGES; i += 1) {
    const page = await api.call(listSnapshots, { query: { limit: PAGE, cursor } });
    all.push(...page.snapshots);
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  return all;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const { flash, headers } = await readFlash(request, context);
  let snapshots: Snapshot[] = [];
  let loadError: string | null = null;
  try {
    snapshots = await listAllSnapshots(await apiFor(request, context));
  } catch {
    loadError = "Failed to load published links. Please try again later.";
  }
  return data({ productName: context.publicEnv.productName, snapshots, loadError, flash }, { headers });
}

/** Filtering and opening the delete confirmation only change the query: the list is already here. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const form = await request.formData();
  if (field(form, "intent") !== "delete") throw data("Unknown action", { status: 400 });
  const id = field(form, "id");
  if (!id) throw data("Missing snapshot id", { status: 400 });
  let flash: Omit<Flash, "id">;
  try {
    await (await apiFor(request, context)).call(deleteSnapshot, { params: { id } });
    flash = { kind: "success", message: "Published link was successfully deleted" };
  } catch {
    flash = { kind: "error", message: "Failed to delete published link" };
  }
  const back = `/published${filterSearch(parsePublishedFilter(form.get("filter") as string | null))}`;
  return redirect(back, { headers: { "Set-Cookie": await setFlash(request, context, flash) } });
}

export function meta({ data: d }: Route.MetaArgs) {
  return [...pageMeta(`Published Links · ${d?.productName ?? ""}`), { name: "robots", content: "noindex" }];
}

export default function SettingsPublished() {
  const { snapshots, loadError, flash } = useLoaderData<typeof loader>();
  return (
    <section>
      {flash ? <FlashNotice key={flash.id} notice={flash} duration={TOAST_MS} className="mb-6" /> : null}
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Published Links</h1>
      <p className="mt-1 text-sm text-slate-600">Pods and threads you have published, newest first.</p>
      <PublishedLinks snapshots={snapshots} loadError={loadError} toastMs={TOAST_MS} />
    </section>
  );
}
