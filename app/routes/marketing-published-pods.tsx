import { Link, useLoaderData, useNavigation } from "react-router";
import { pageMeta, productNameFrom } from "../lib/seo.ts";
import type { Route } from "./+types/marketing-published-pods";

interface SiteSnapshot {
  id: string;
  workspace_name: string | null;
  thread_name: string | null;
  description: string | null;
}

/** 'workspace - thread', or the workspace name alone, or 'Published Pod {id}' (spec section 3). */
export function snapshotLabel(s: SiteSnapshot): string {
  if (s.workspace_name && s.thread_name) return `${s.workspace_name} - ${s.thread_name}`;
  return s.workspace_name || `Published Pod ${s.id}`;
}

export async function loader() {
  // Publishing arrives with the snapshots issue (GET /site_published_snapshots); until then the
  // list is empty rather than invented.
  const snapshots: SiteSnapshot[] = [];
  return { snapshots };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Published Pods",
    productName: productNameFrom(matches),
    description: "Pods and threads that their owners have published.",
  });
}

export default function PublishedPods() {
  const { snapshots } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  return (
    <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight text-ink">Published Pods</h1>
      {loading ? (
        <p className="mt-8 text-slate-600">Loading published pods...</p>
      ) : snapshots.length === 0 ? (
        <p className="mt-8 text-slate-600">No published pods available.</p>
      ) : (
        <ul className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {snapshots.map((s) => (
            <li key={s.id} className="p-4">
              <Link to={`/share/${s.id}`} className="font-medium text-brand-700 hover:underline">
                {snapshotLabel(s)}
              </Link>
              {s.description && <p className="mt-1 text-sm text-slate-600">{s.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight text-ink">Published Pods</h1>
      <p className="mt-8 text-red-700">Error loading published pods.</p>
    </div>
  );
}
