import { Form, useLoaderData, useNavigation } from "react-router";
import { AppHeader } from "../components/layout/app-header.tsx";
import { AppNav } from "../components/layout/app-nav.tsx";
import { AppMain } from "../components/layout/skip-link.tsx";
import { SearchResults } from "../components/search/search-results.tsx";
import { groupResults } from "../components/search/group-results.ts";
import { Button } from "../components/ui/button.tsx";
import { pageMeta } from "../components/ui/page-meta.ts";
import { findFilesFor } from "../lib/find-files.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { userView } from "../lib/user-view.ts";
import type { Route } from "./+types/search";

const MAX_QUERY = 1000;

/** /search?q=: find files by name and content across the caller's Pods and library (find_files). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY);
  const result = q ? await findFilesFor(request, context, q) : null;
  return {
    productName: context.publicEnv.productName,
    user: userView(user),
    q,
    result: result?.ok ? { ok: true as const, groups: groupResults(result.hits), count: result.hits.length } : result,
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  return pageMeta(`${d?.q ? `${d.q} · ` : ""}Search · ${d?.productName ?? ""}`);
}

export default function Search() {
  const { productName, user, q, result } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/search";
  return (
    <div className="min-h-screen">
      <AppHeader productName={productName}>
        <AppNav user={user} />
      </AppHeader>
      <AppMain className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Search</h1>
          <p className="mt-1 text-sm text-slate-600">Find files by name or by what they say, across all your Pods.</p>
        </div>
        <Form method="get" role="search" className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor="search-q" className="sr-only">
            Search your files
          </label>
          <input
            id="search-q"
            key={q}
            name="q"
            type="search"
            defaultValue={q}
            required
            maxLength={MAX_QUERY}
            placeholder="Revenue guidance, 10-K, board deck…"
            className="block w-full min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
          />
          <Button pending={searching} disabled={searching}>
            Search
          </Button>
        </Form>
        <SearchResults q={q} result={result} />
      </AppMain>
    </div>
  );
}
