import { useLoaderData } from "react-router";
import { getThread, listMessages } from "../../contracts/workspaces.ts";
import { ThreadView } from "../components/workspace/thread-view.tsx";
import { pageMeta } from "../components/ui/page-meta.ts";
import { apiFor } from "../lib/session.server.ts";
import { orNotFound } from "../lib/workspace-loader.server.ts";
import type { Route } from "./+types/workspace-thread";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  const p = { id: params.id, tid: params.tid };
  const [thread, { messages }] = await orNotFound(() =>
    Promise.all([api.call(getThread, { params: p }), api.call(listMessages, { params: p, query: { limit: 200 } })]),
  );
  return { thread, messages, productName: context.publicEnv.productName };
}

export function meta({ data: d }: Route.MetaArgs) {
  return pageMeta(d ? `${d.thread.name} · ${d.productName}` : "Page Not Found");
}

export default function WorkspaceThread() {
  const { thread, messages } = useLoaderData<typeof loader>();
  return <ThreadView thread={thread} messages={messages} />;
}
