import { ShareFilesView } from "../components/share/share-views.tsx";
import { exampleSnapshot, loadShareFiles } from "../lib/share-loaders.server.ts";
import type { Route } from "./+types/example-index";

/** An example pod's files (its snapshot's). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadShareFiles(request, context, (await exampleSnapshot(request, context)).snapshotId);
}

export default ShareFilesView;
