import { ShareThreadView, shareThreadMeta } from "../components/share/share-views.tsx";
import { exampleSnapshot, loadShareThread } from "../lib/share-loaders.server.ts";
import type { Route } from "./+types/example-thread";

/** A thread of an example pod, /{slug}/thread/{threadId}: its snapshot's thread, in full. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadShareThread(request, context, (await exampleSnapshot(request, context)).snapshotId, params.threadId);
}

export function meta(args: Route.MetaArgs) {
  return shareThreadMeta(args);
}

export default ShareThreadView;
