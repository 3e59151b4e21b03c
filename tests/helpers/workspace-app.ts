import { afterAll, beforeAll } from "vitest";
import { createUser, type CreatedUser } from "./factories.ts";
import { createWorkspace } from "./files.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

export interface WorkspaceApp {
  app: TestApp;
  alice: CreatedUser;
  ws: { id: string };
}

/**
 * The setup most ingestion and worker tests share: a test app (`env` overrides its config), a
 * user, and a workspace of theirs, started before the file's tests and closed after them.
 * `ready` receives them once started, to fill the file's own variables:
 *   useWorkspaceApp((s) => ({ app, alice, ws } = s));
 */
export function useWorkspaceApp(ready: (s: WorkspaceApp) => void, env: Record<string, string> = {}): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(env);
    const alice = await createUser(app);
    const ws = await createWorkspace(app, alice.token);
    ready({ app, alice, ws });
  });
  afterAll(() => app?.close());
}
