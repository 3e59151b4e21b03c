import { data } from "react-router";
import { isAppError } from "../../contracts/errors.ts";
import { createThread } from "../../contracts/threads.ts";
import { createWorkspace } from "../../contracts/workspaces.ts";
import type { ApiClient } from "./api-client.ts";
import type { DemoStartResult } from "./demo-signup.ts";

export const DEMO_WORKSPACE_NAME = "Demo workspace";

/**
 * The landing demo's start (spec section 4): a private workspace with one thread, for the browser
 * to ask the sample query in (it keeps the query; the thread screen asks it on arrival).
 */
export async function startDemo(api: ApiClient) {
  try {
    const workspace = await api.call(createWorkspace, { body: { name: DEMO_WORKSPACE_NAME, is_public: false } });
    const thread = await api.call(createThread, { params: { id: workspace.id }, body: {} });
    return data<DemoStartResult>({ demo: { workspaceId: workspace.id, threadId: thread.id } });
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    return data<DemoStartResult>({ demoError: err.message }, { status: err.status });
  }
}
