import { data, useLoaderData, useRouteLoaderData } from "react-router";
import { listModels, streamQa, streamQaBody } from "../../contracts/agent.ts";
import { AppError, isAppError } from "../../contracts/errors.ts";
import { listFiles } from "../../contracts/files.ts";
import { listThreadFiles, transferThreadFile } from "../../contracts/thread-files.ts";
import { getThread, listMessages, postFeedback, deleteFeedback, setMessageActive } from "../../contracts/threads.ts";
import { ThreadScreen } from "../components/thread/thread-screen.tsx";
import type { StoredMessage } from "../components/thread/turns.ts";
import { pageMeta } from "../components/ui/page-meta.ts";
import { field, mutate } from "../lib/action.server.ts";
import { relayToApi } from "../lib/api-relay.server.ts";
import { apiFor, getSessionToken, safeReturnTo } from "../lib/session.server.ts";
import { orNotFound } from "../lib/workspace-loader.server.ts";
import type { Route } from "./+types/workspace-thread";
import type { loader as workspaceLoader } from "./workspace.tsx";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  const p = { id: params.id, tid: params.tid };
  const [thread, { messages }, { files }, { files: podFiles }] = await orNotFound(() =>
    Promise.all([
      api.call(getThread, { params: p }),
      api.call(listMessages, { params: p, query: { limit: 200 } }),
      api.call(listThreadFiles, { params: p }),
      api.call(listFiles, { params: { id: params.id }, query: { limit: 200 } }),
    ]),
  );
  // The models a question may name; visitors who cannot ask need none.
  const models = (await getSessionToken(request, context))
    ? await api
        .call(listModels)
        .catch((err: unknown) => (isAppError(err) && err.status < 500 ? null : Promise.reject(err)))
    : null;
  return {
    thread,
    messages: messages as StoredMessage[],
    files,
    podFiles,
    models: models?.models ?? [],
    defaultModel: models?.default_model ?? null,
    productName: context.publicEnv.productName,
  };
}

/** The thread's forms: feedback, the choice among regenerated answers, adding a thread file to the Pod; asking without JavaScript. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = field(form, "intent");
  const back = safeReturnTo(field(form, "redirectTo"), `/workspace/${params.id}/thread/${params.tid}`);
  const api = await apiFor(request, context);
  const m = { id: params.id, tid: params.tid, mid: field(form, "messageId") };
  switch (intent) {
    case "feedback": {
      const rating = field(form, "rating");
      return mutate(request, context, {
        run: () =>
          rating === "up" || rating === "down"
            ? api.call(postFeedback, { params: m, body: { rating } })
            : api.call(deleteFeedback, { params: m }),
        success: null,
        redirectTo: back,
      });
    }
    case "set-active":
      return mutate(request, context, {
        run: () => api.call(setMessageActive, { params: m }),
        success: null,
        redirectTo: back,
      });
    case "transfer-file":
      return mutate(request, context, {
        run: async () =>
          void (await api.call(transferThreadFile, {
            params: { id: params.id, tid: params.tid, version_id: field(form, "versionId") },
            body: { filename: field(form, "filename") },
          })),
        success: "Added to the Pod's files: it is being indexed.",
        redirectTo: back,
      });
    case "ask":
      return mutate(request, context, {
        run: () => askAndWait(request, context, params, form),
        success: null,
        redirectTo: back,
      });
    default:
      throw data("Unknown action", { status: 400 });
  }
}

/**
 * Without JavaScript a question is a plain POST: ask, read the answer's stream to its end (it is
 * stored as it goes), then show the thread again.
 */
async function askAndWait(
  request: Request,
  context: Route.ActionArgs["context"],
  params: Route.ActionArgs["params"],
  form: FormData,
) {
  const parsed = streamQaBody.safeParse({ query: field(form, "query"), model: field(form, "model") || undefined });
  if (!parsed.success)
    throw new AppError("validation_failed", parsed.error.issues[0]?.message ?? "The question is not valid.");
  const body = parsed.data;
  const res = await relayToApi(request, context, streamQa, {
    params: { id: params.id, tid: params.tid },
    body: new Blob([JSON.stringify(body)]).stream(),
    contentType: "application/json",
    accept: "text/event-stream",
    signal: request.signal,
  });
  if (!res.ok) throw AppError.fromBody(await res.json().catch(() => null), res.status);
  // The answer is stored as it streams: reading to the end is only waiting for it.
  const reader = res.body?.getReader();
  if (reader) for (let r = await reader.read(); !r.done; r = await reader.read());
}

export function meta({ data: d }: Route.MetaArgs) {
  return pageMeta(d ? `${d.thread.name} · ${d.productName}` : "Page Not Found");
}

export default function WorkspaceThread() {
  const { thread, messages, files, podFiles, models, defaultModel } = useLoaderData<typeof loader>();
  const parent = useRouteLoaderData<typeof workspaceLoader>("routes/workspace");
  if (!parent) return null;
  return (
    <ThreadScreen
      key={thread.id}
      workspaceId={parent.workspace.id}
      thread={thread}
      messages={messages}
      canWrite={parent.workspace.permission === "owner"}
      signedIn={Boolean(parent.user)}
      showThoughts={parent.showThoughts}
      models={models}
      defaultModel={defaultModel}
      files={files}
      podFiles={podFiles}
    />
  );
}
