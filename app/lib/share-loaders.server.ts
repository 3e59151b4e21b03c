import { data, type AppLoadContext } from "react-router";
import { listExamples } from "../../contracts/examples.ts";
import {
  getSnapshot,
  getSnapshotThread,
  getSnapshotWorkspace,
  listSnapshotFiles,
  listSnapshotMessages,
  listSnapshotThreads,
} from "../../contracts/snapshots.ts";
import { listThreadFiles } from "../../contracts/thread-files.ts";
import { indexingStatus } from "../../contracts/workspaces.ts";
import type { StoredMessage } from "../components/thread/turns.ts";
import { readFlash } from "./flash.server.ts";
import { getShowThoughts } from "./preferences.server.ts";
import { apiFor, getUser } from "./session.server.ts";
import { userView } from "./user-view.ts";
import { orNotFound } from "./workspace-loader.server.ts";

/*
 * The loaders of a snapshot's views, shared by /share/{id} and the example pods' /{slug} (which
 * show the snapshot their slug points at): the layout (workspace, threads), its files, a thread.
 */

/** The layout: the snapshot, its workspace and threads; `basePath` is where its links lead. */
export async function loadShareLayout(
  request: Request,
  context: AppLoadContext,
  snapshotId: string,
  basePath?: string,
) {
  const api = await apiFor(request, context);
  const p = { id: snapshotId };
  const [user, [snapshot, workspace, threads]] = await Promise.all([
    getUser(request, context),
    orNotFound(() =>
      Promise.all([
        api.call(getSnapshot, { params: p }),
        api.call(getSnapshotWorkspace, { params: p }),
        api.call(listSnapshotThreads, { params: p, query: { limit: 200 } }),
      ]),
    ),
  ]);
  const { flash, headers } = await readFlash(request, context);
  return data(
    {
      productName: context.publicEnv.productName,
      user: user ? userView(user) : null,
      snapshot,
      workspace,
      threads: threads.threads,
      showThoughts: await getShowThoughts(request),
      flash,
      origin: new URL(request.url).origin,
      basePath: basePath ?? `/share/${snapshot.id}`,
      /** The link 'Copy link' copies: the share link, or the example's own /{slug}. */
      sharePath: basePath ?? snapshot.share_path,
    },
    { headers },
  );
}

/** The snapshot's files, to download (its workspace answers the download links). */
export async function loadShareFiles(request: Request, context: AppLoadContext, snapshotId: string) {
  const api = await apiFor(request, context);
  const p = { id: snapshotId };
  const [{ files }, indexing] = await orNotFound(async () => {
    const snapshot = await api.call(getSnapshot, { params: p });
    return Promise.all([
      api.call(listSnapshotFiles, { params: p, query: { limit: 200 } }),
      api.call(indexingStatus, { params: { id: snapshot.workspace_id } }),
    ]);
  });
  return { files, indexing };
}

/** A thread of a snapshot, in full (a visitor without JavaScript reads every answer). */
export async function loadShareThread(request: Request, context: AppLoadContext, snapshotId: string, threadId: string) {
  const api = await apiFor(request, context);
  const p = { id: snapshotId, tid: threadId };
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

/**
 * The example pod a request is for (its path's first segment) and the snapshot it shows; an
 * example not built on this server is the not-found page.
 */
export async function exampleSnapshot(request: Request, context: AppLoadContext) {
  const slug = new URL(request.url).pathname.split("/")[1]!.replace(/\.data$/, "");
  const api = await apiFor(request, context);
  const { examples } = await api.call(listExamples);
  const built = examples.find((e) => e.slug === slug);
  if (!built) throw data(null, { status: 404, statusText: "Not Found" });
  return { slug, snapshotId: built.snapshot_id };
}
