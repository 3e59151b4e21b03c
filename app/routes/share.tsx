import { ShareErrorBoundary, ShareLayoutView, shareLayoutMeta } from "../components/share/share-views.tsx";
import { loadShareLayout } from "../lib/share-loaders.server.ts";
import type { Route } from "./+types/share";

/**
 * A published snapshot (spec section 4, snapshot mode): the Pod's screens, read only, for anyone,
 * signed in or not. Its own workspace serves the files, pages and downloads; a snapshot that does
 * not exist (or was deleted) is the not-found page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadShareLayout(request, context, params.snapshotId);
}

export function meta(args: Route.MetaArgs) {
  return shareLayoutMeta(args);
}

export default ShareLayoutView;
export const ErrorBoundary = ShareErrorBoundary;
