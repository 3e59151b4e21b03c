import { isRouteErrorResponse, Outlet, useLoaderData, useOutletContext, useRouteError } from "react-router";
import type { loadShareFiles, loadShareLayout, loadShareThread } from "../../lib/share-loaders.server.ts";
import { shareMeta } from "../../lib/share-meta.ts";
import { FilesScreen } from "../files/files-screen.tsx";
import { NotFoundView } from "../layout/not-found-view.tsx";
import { ThreadScreen } from "../thread/thread-screen.tsx";
import { WorkspaceFrame } from "../workspace/workspace-frame.tsx";

/*
 * The views of a published snapshot (spec section 4, snapshot mode): the Pod's screens, read
 * only, for anyone, signed in or not. Used by /share/{id} and by the example pods' /{slug}.
 */

type LayoutData = Awaited<ReturnType<typeof loadShareLayout>>["data"];
type ThreadData = Awaited<ReturnType<typeof loadShareThread>>;
type FilesData = Awaited<ReturnType<typeof loadShareFiles>>;

export function shareLayoutMeta({ data: d }: { data: LayoutData | undefined }) {
  if (!d) return [{ title: "Page Not Found" }];
  return shareMeta({
    productName: d.productName,
    workspaceName: d.workspace.name,
    threadName: null,
    description: d.snapshot.description || d.workspace.description,
    firstQuestion: null,
    discoverable: d.snapshot.is_discoverable,
  });
}

export function ShareLayoutView() {
  const d = useLoaderData() as LayoutData;
  return (
    <WorkspaceFrame {...d} basePath={d.basePath} snapshot={{ sharePath: d.sharePath, id: d.snapshot.id }}>
      <Outlet context={d} />
    </WorkspaceFrame>
  );
}

export function ShareErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  throw error;
}

export function ShareFilesView() {
  const { files, indexing } = useLoaderData() as FilesData;
  const parent = useOutletContext<LayoutData | undefined>();
  if (!parent) return null;
  return <FilesScreen workspace={parent.workspace} files={files} indexing={indexing} />;
}

/** The layout's data among a thread's matches (its parent route, whichever route that is). */
export function shareThreadMeta({
  data: d,
  matches,
}: {
  data: ThreadData | undefined;
  matches: ({ data: unknown } | undefined)[];
}) {
  const parent = matches[matches.length - 2]?.data as LayoutData | undefined;
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

export function ShareThreadView() {
  const { thread, messages, files } = useLoaderData() as ThreadData;
  const parent = useOutletContext<LayoutData | undefined>();
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
