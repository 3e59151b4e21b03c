import { ShareThreadView, shareThreadMeta } from "../components/share/share-views.tsx";
import { loadShareThread } from "../lib/share-loaders.server.ts";
import type { Route } from "./+types/share-thread";

/**
 * A thread of a snapshot, server-rendered in full (a visitor without JavaScript reads every
 * answer). Citations open pages of the snapshot's own workspace.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadShareThread(request, context, params.snapshotId, params.threadId);
}

export function meta(args: Route.MetaArgs) {
  return shareThreadMeta(args);
}

export default ShareThreadView;
