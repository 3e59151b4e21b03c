import { exemptFromBilling } from "../billing/entitlements.ts";
import type { Deps } from "../deps.ts";
import { indexingStatus } from "../ingestion/status.ts";
import type { Actor } from "../platform/http/context.ts";
import * as repo from "./repo.ts";

/**
 * The system account that owns the example pods: found by email, or created (verified, with a
 * random password nobody is told: it never signs in). Acts without a session. It is the
 * operator's, not a customer's: exempt from billing (no plan, credits or plan storage needed).
 */
export async function systemActor(deps: Deps, email: string, password: () => string): Promise<Actor> {
  let user = await deps.identity.findUserByEmail(email);
  if (!user) {
    const created = await deps.identity.signUp({ email, password: password(), name: "Examples" });
    await deps.identity.revokeSessions(created.user.id);
    user = created.user;
  }
  if (!user.emailVerified) {
    await deps.identity.updateUser(user.id, { emailVerified: true });
    user = (await deps.identity.findUserById(user.id))!;
  }
  await exemptFromBilling(deps, user.id);
  return { user, token: "" };
}

/** Waits until the example's Pod has nothing queued or indexing (the worker loop runs elsewhere). */
export async function waitForIdle(
  deps: Deps,
  actor: Actor,
  slug: string,
  log: (line: string) => void,
  everyMs = 1000,
): Promise<void> {
  const row = await repo.findExample(deps.db.kysely, slug);
  if (!row) return;
  let last = "";
  for (;;) {
    const s = await indexingStatus(deps, { actor, workspaceId: row.workspace_id });
    const line = `${slug}: ${s.files_done}/${s.files_total} files, ${s.pages_done}/${s.pages_total} pages`;
    if (line !== last) log(line);
    last = line;
    if (s.state === "idle") return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
