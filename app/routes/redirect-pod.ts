import { redirect } from "react-router";
import type { Route } from "./+types/redirect-pod";

/** /pod/{id}[/thread/{tid}] is the old name of /workspace/{id}[/thread/{tid}]. */
export function loader({ request, params }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  const base = `/workspace/${encodeURIComponent(params.workspaceId)}`;
  const to = "threadId" in params && params.threadId ? `${base}/thread/${encodeURIComponent(params.threadId)}` : base;
  return redirect(`${to}${search}`, 301);
}
