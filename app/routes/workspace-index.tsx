import { useLoaderData, useRouteLoaderData } from "react-router";
import { listFiles } from "../../contracts/files.ts";
import { indexingStatus } from "../../contracts/workspaces.ts";
import { FilesScreen } from "../components/files/files-screen.tsx";
import { useHydrated } from "../components/ui/use-hydrated.ts";
import { WorkspaceSuggestions } from "../components/workspace/workspace-suggestions.tsx";
import { apiFor } from "../lib/session.server.ts";
import { orNotFound } from "../lib/workspace-loader.server.ts";
import type { Route } from "./+types/workspace-index";
import type { loader as workspaceLoader } from "./workspace.tsx";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  const [{ files }, indexing] = await orNotFound(() =>
    Promise.all([
      api.call(listFiles, { params: { id: params.id }, query: { limit: 200 } }),
      api.call(indexingStatus, { params: { id: params.id } }),
    ]),
  );
  return { files, indexing };
}

export default function WorkspaceFiles() {
  const { files, indexing } = useLoaderData<typeof loader>();
  const parent = useRouteLoaderData<typeof workspaceLoader>("routes/workspace");
  const hydrated = useHydrated();
  if (!parent) return null;
  const indexed = files.filter((f) => f.status === "indexed").length;
  const owner = parent.workspace.permission === "owner";
  return (
    <>
      {hydrated && owner && indexed > 0 ? (
        <WorkspaceSuggestions workspaceId={parent.workspace.id} indexed={indexed} />
      ) : null}
      <FilesScreen workspace={parent.workspace} files={files} indexing={indexing} />
    </>
  );
}
