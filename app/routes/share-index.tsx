import { ShareFilesView } from "../components/share/share-views.tsx";
import { loadShareFiles } from "../lib/share-loaders.server.ts";
import type { Route } from "./+types/share-index";

/** The snapshot's files, to download (its workspace answers the download links). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadShareFiles(request, context, params.snapshotId);
}

export default ShareFilesView;
