import { AppError } from "../../contracts/errors.ts";
import type { Actor } from "../platform/http/context.ts";
import type { WorkspaceTable } from "../platform/db/schema.ts";

/**
 * Who may do what with a workspace, decided in one place. Owner: everything. Anyone else
 * (signed in or not, admins included): read a public workspace; signed-in non-owners may also
 * bookmark it. A private workspace does not exist for anyone but its owner (404, not 403).
 * A published snapshot's workspace (snapshot_id set) is readable by anyone and changed by nobody,
 * its publisher included: it is deleted through its snapshot.
 */
export interface WorkspaceAbilities {
  read: boolean;
  write: boolean;
  bookmark: boolean;
  /** Mark what one reads for oneself: bookmark a thread, rate an answer (signed in; not in a snapshot). */
  annotate: boolean;
}

type PolicyWorkspace = Pick<WorkspaceTable, "owner_id" | "is_public"> & { snapshot_id?: string | null };

export function workspaceAbilities(actor: Actor | null, ws: PolicyWorkspace): WorkspaceAbilities {
  if (ws.snapshot_id) return { read: true, write: false, bookmark: false, annotate: false };
  const owner = actor?.user.id === ws.owner_id;
  const isPublic = ws.is_public === 1;
  return {
    read: owner || isPublic,
    write: owner,
    bookmark: Boolean(actor) && !owner && isPublic,
    annotate: Boolean(actor) && (owner || isPublic),
  };
}

export function notFound(what = "Workspace"): AppError {
  return new AppError("not_found", `${what} not found.`);
}

/** Throws unless the ability is granted; unreadable workspaces answer 404. */
export function authorize(actor: Actor | null, ws: PolicyWorkspace, ability: keyof WorkspaceAbilities): void {
  const can = workspaceAbilities(actor, ws);
  if (!can.read) throw notFound();
  if (!can[ability] && ws.snapshot_id) {
    throw new AppError(
      "forbidden",
      "This is a published snapshot: it cannot be changed. Delete it from your published links instead.",
    );
  }
  if (!can[ability]) {
    throw new AppError(
      "forbidden",
      ability === "bookmark"
        ? "You can only bookmark public workspaces you don't own."
        : "Only the workspace owner can do this.",
    );
  }
}
