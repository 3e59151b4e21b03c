import { redirect } from "react-router";
import type { Route } from "./+types/redirect-canvas";

/** .../canvas opens the same workspace or thread with the canvas view flag (?canvas=1). */
export function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const base = `/workspace/${encodeURIComponent(params.workspaceId)}`;
  const to = "threadId" in params && params.threadId ? `${base}/thread/${encodeURIComponent(params.threadId)}` : base;
  url.searchParams.set("canvas", "1");
  return redirect(`${to}?${url.searchParams.toString()}`, 302);
}
