import { ShareErrorBoundary, ShareLayoutView, shareLayoutMeta } from "../components/share/share-views.tsx";
import { exampleSnapshot, loadShareLayout } from "../lib/share-loaders.server.ts";
import type { Route } from "./+types/example";

/**
 * An example pod, /{slug} (spec section 2): the snapshot its slug points at, in snapshot mode,
 * exactly as /share/{id} shows it, with its links under /{slug}. An example not built on this
 * server is the not-found page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { slug, snapshotId } = await exampleSnapshot(request, context);
  return loadShareLayout(request, context, snapshotId, `/${slug}`);
}

export function meta(args: Route.MetaArgs) {
  return shareLayoutMeta(args);
}

export default ShareLayoutView;
export const ErrorBoundary = ShareErrorBoundary;
