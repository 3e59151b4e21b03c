import { useLoaderData, useRouteLoaderData } from "react-router";
import { getSnapshot, getSnapshotThread, listSnapshotMessages } from "../../contracts/snapshots.ts";
import { listThreadFiles } from "../../contracts/thread-files.ts";
import { ThreadScreen } from "../components/thread/thread-screen.tsx";
import type { StoredMessage } from "../components/thread/turns.ts";
import { apiFor } from "../lib/session.server.ts";
import { shareMeta } from "../lib/share-meta.ts";
import { orNotFound } from "../lib/workspace-loader.server.ts";
import type { Route } from "./+types/share-thread";
import type { loader as shareLoader } from "./share.tsx";

/**
 * A thread of a snapshot, server-rendered in full (a visitor without JavaScript reads every
 * answer). Citations open pages of the snapshot's own workspace.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  const p = { id: params.snapshotId, tid: params.threadId };
  const [snapshot, thread, { messages }, files] = await orNotFound(async () => {
    const [s, t, m] = await Promise.all([
      api.call(getSnapshot, { params: { id: p.id } }),
      api.call(getSnapshotThread, { params: p }),
      api.call(listSnapshotMessages, { params: p, query: { limit: 200 } }),
    ]);
    const f = await api.call(listThreadFiles, { params: { id: s.workspace_id, tid: p.tid } });
    return [s, t, m, f.files] as const;
  });
  return {
    snapshot,
    thread,
    messages: messages as StoredMessage[],
    files,
    productName: context.publicEnv.productName,
  };
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  const parent = matches.find((m) => m?.id === "routes/share")?.data as
    { workspace: { name: string; description: string } } | undefined;
  if (!d || !parent) return [{ title: "Page Not Found" }];
  return shareMeta({
    productName: d.productName,
    workspaceName: parent.workspace.name,
    threadName: d.thread.name,
    description: d.snapshot.thread_id === d.thread.id ? d.snapshot.description : "",
    firstQuestion: d.messages.find((m) => m.role === "user")?.content ?? null,
    discoverable: d.snapshot.is_discoverable,
  });
}

export default function ShareThread() {
  const { thread, messages, files } = useLoaderData<typeof loader>();
  const parent = useRouteLoaderData<typeof shareLoader>("routes/share");
  if (!parent) return null;
  return (
    <ThreadScreen
      key={thread.id}
      workspaceId={parent.workspace.id}
      thread={thread}
      messages={messages}
      canWrite={false}
      signedIn={Boolean(parent.user)}
      showThoughts={parent.showThoughts}
      models={[]}
      defaultModel={null}
      files={files}
      snapshotMode
    />
  );
}
