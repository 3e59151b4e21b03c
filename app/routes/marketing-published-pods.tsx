import { data, Link, useLoaderData, useNavigation } from "react-router";
import { sitePublishedSnapshots, type SiteSnapshot } from "../../contracts/snapshots.ts";
import { apiFor } from "../lib/session.server.ts";
import { pageMeta, productNameFrom } from "../lib/seo.ts";
import type { Route } from "./+types/marketing-published-pods";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** The discoverable snapshots (the API caches the list for 5 minutes and applies the label rule). */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { snapshots } = await (await apiFor(request, context)).call(sitePublishedSnapshots);
    return { snapshots, failed: false };
  } catch {
    // The page still renders, saying so (spec section 2); 502: the backend did not answer.
    return data({ snapshots: [] as SiteSnapshot[], failed: true }, { status: 502 });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Published Pods",
    productName: productNameFrom(matches),
    description: "Pods and threads that their owners have published.",
  });
}

function Heading() {
  return <h1 className="text-4xl font-bold tracking-tight text-ink">Published Pods</h1>;
}

export default function PublishedPods() {
  const { snapshots, failed } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/all-published-pods";
  return (
    <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <Heading />
      {loading ? (
        <p role="status" className="mt-8 text-slate-600">
          Loading published pods...
        </p>
      ) : failed ? (
        <p role="alert" className="mt-8 text-red-700">
          Error loading published pods.
        </p>
      ) : snapshots.length === 0 ? (
        <p className="mt-8 text-slate-600">No published pods available.</p>
      ) : (
        <ul aria-label="Published pods" className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {snapshots.map((s) => (
            <li key={s.id} className="p-4">
              <Link to={s.share_path} className="font-medium text-brand-700 hover:underline">
                {s.label}
              </Link>
              {s.description ? <p className="mt-1 text-sm text-slate-600">{s.description}</p> : null}
              <p className="mt-1 text-xs text-slate-500">Published {dateFormat.format(new Date(s.created_at))}</p>
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
      <Heading />
      <p role="alert" className="mt-8 text-red-700">
        Error loading published pods.
      </p>
    </div>
  );
}
