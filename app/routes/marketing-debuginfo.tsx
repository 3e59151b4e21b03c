import { useLoaderData } from "react-router";
import { getVersion } from "../../contracts/system.ts";
import { apiFor } from "../lib/session.server.ts";
import type { Route } from "./+types/marketing-debuginfo";

export async function loader({ request, context }: Route.LoaderArgs) {
  const backend = await (await apiFor(request, context)).call(getVersion);
  return {
    frontend: { commit: context.publicEnv.commitHash, buildTime: context.publicEnv.buildTime || "development build" },
    backend: { commit: backend.commit_hash, release: backend.release_tag },
  };
}

export function meta() {
  return [
    { title: "Debug info" },
    { name: "robots", content: "noindex" },
    { name: "description", content: "Build information." },
  ];
}

export default function DebugInfo() {
  const d = useLoaderData<typeof loader>();
  const rows: [string, string][] = [
    ["Frontend commit", d.frontend.commit],
    ["Frontend build time", d.frontend.buildTime],
    ["Backend commit", d.backend.commit],
    ["Backend release tag", d.backend.release],
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Debug info</h1>
      <dl className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200">
        {rows.map(([k, v]) => (
          <div key={k} className="grid gap-1 p-4 sm:grid-cols-3">
            <dt className="text-sm font-medium text-slate-500">{k}</dt>
            <dd className="break-all font-mono text-sm text-ink sm:col-span-2" data-testid={k}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
