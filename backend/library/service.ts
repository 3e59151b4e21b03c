import { AppError } from "../../contracts/errors.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import { decodeCursor, page, afterCursor } from "../platform/paging.ts";
import { now } from "../platform/clock.ts";
import { presentFile } from "../files/present.ts";
import { fileRows, findFile } from "../files/repo.ts";
import { DOWNLOAD_URL_TTL_SECONDS } from "../files/service.ts";
import { DEFAULT_CONTENT_TYPE } from "../files/supported.ts";
import { storeStream } from "../files/upload.ts";
import { loadWorkspace } from "../workspaces/service.ts";
import crypto from "node:crypto";

export async function listAccountFiles(deps: Deps, o: { actor: Actor; limit: number; cursor?: string }) {
  let q = fileRows(deps.db.kysely).where("f.scope", "=", "account").where("f.owner_id", "=", o.actor.user.id);
  const c = decodeCursor(o.cursor);
  if (c) q = q.where(afterCursor("f.created_at", "f.id", "<", c));
  const rows = await q.orderBy("f.created_at", "desc").orderBy("f.id", "desc").limit(o.limit + 1).execute();
  const p = page(rows, o.limit, (r) => [r.created_at, r.id]);
  return { files: p.items.map(presentFile), next_cursor: p.next_cursor };
}

async function ownFile(deps: Deps, actor: Actor, fileId: string, scope: "account" | "public") {
  const f = await findFile(deps.db.kysely, { id: fileId, scope, ownerId: actor.user.id });
  if (!f) throw new AppError("not_found", "File not found.");
  return f;
}

async function downloadUrl(deps: Deps, f: { blob_key: string | null; filename: string; content_type: string | null }) {
  return deps.blobs.createDownloadUrl({
    key: f.blob_key!,
    filename: f.filename,
    contentType: f.content_type ?? DEFAULT_CONTENT_TYPE,
    expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS,
  });
}

export async function getAccountFile(deps: Deps, o: { actor: Actor; fileId: string }) {
  const f = await ownFile(deps, o.actor, o.fileId, "account");
  return { ...presentFile(f), download_url: await downloadUrl(deps, f) };
}

export async function deleteOwnFile(deps: Deps, o: { actor: Actor; fileId: string; scope: "account" | "public" }) {
  const f = await ownFile(deps, o.actor, o.fileId, o.scope);
  await deps.db.kysely.deleteFrom("files").where("id", "=", f.id).execute();
  if (f.blob_key) await deps.blobs.delete(f.blob_key);
}

/** Copies the bytes (a new version under the workspace) so deleting either side keeps the other. */
export async function transferAccountFile(deps: Deps, o: { actor: Actor; fileId: string; workspaceId: string }) {
  const f = await ownFile(deps, o.actor, o.fileId, "account");
  await loadWorkspace(deps, o.actor, o.workspaceId, "write");
  const copied = await storeStream(deps, {
    actor: o.actor,
    scope: "workspace",
    workspaceId: o.workspaceId,
    filename: f.filename,
    contentType: f.content_type ?? DEFAULT_CONTENT_TYPE,
    body: await deps.blobs.get(f.blob_key!),
    maxBytes: Number(f.byte_size ?? 0),
  });
  return presentFile(copied);
}

export async function getPublicFile(deps: Deps, fileId: string) {
  const f = await findFile(deps.db.kysely, { id: fileId, scope: "public" });
  if (!f || !f.blob_key) throw new AppError("not_found", "File not found.");
  return {
    id: f.id,
    filename: f.filename,
    byte_size: Number(f.byte_size ?? 0),
    content_type: f.content_type ?? DEFAULT_CONTENT_TYPE,
    checksum: f.checksum,
    download_url: await downloadUrl(deps, f),
    created_at: f.created_at,
  };
}

// --- prompts -------------------------------------------------------------------------------------
export async function listPrompts(deps: Deps, o: { actor: Actor; limit: number; cursor?: string }) {
  let q = deps.db.kysely.selectFrom("prompts").selectAll().where("user_id", "=", o.actor.user.id);
  const c = decodeCursor(o.cursor);
  if (c) q = q.where(afterCursor("updated_at", "id", "<", c));
  const rows = await q.orderBy("updated_at", "desc").orderBy("id", "desc").limit(o.limit + 1).execute();
  const p = page(rows, o.limit, (r) => [r.updated_at, r.id]);
  return { prompts: p.items.map(presentPrompt), next_cursor: p.next_cursor };
}

function presentPrompt(r: { id: string; title: string; content: string; created_at: string; updated_at: string }) {
  return { id: r.id, title: r.title, content: r.content, created_at: r.created_at, updated_at: r.updated_at };
}

export async function getPrompt(deps: Deps, o: { actor: Actor; promptId: string }) {
  const row = await deps.db.kysely.selectFrom("prompts").selectAll().where("id", "=", o.promptId).where("user_id", "=", o.actor.user.id).executeTakeFirst();
  if (!row) throw new AppError("not_found", "Prompt not found.");
  return presentPrompt(row);
}

export async function createPrompt(deps: Deps, o: { actor: Actor; title: string; content: string }) {
  const id = crypto.randomUUID();
  const t = now();
  await deps.db.kysely.insertInto("prompts").values({ id, user_id: o.actor.user.id, title: o.title, content: o.content, created_at: t, updated_at: t }).execute();
  return getPrompt(deps, { actor: o.actor, promptId: id });
}

export async function updatePrompt(deps: Deps, o: { actor: Actor; promptId: string; title?: string; content?: string }) {
  await getPrompt(deps, o);
  await deps.db.kysely
    .updateTable("prompts")
    .set({ ...(o.title !== undefined ? { title: o.title } : {}), ...(o.content !== undefined ? { content: o.content } : {}), updated_at: now() })
    .where("id", "=", o.promptId)
    .execute();
  return getPrompt(deps, o);
}

export async function deletePrompt(deps: Deps, o: { actor: Actor; promptId: string }) {
  await getPrompt(deps, o);
  await deps.db.kysely.deleteFrom("prompts").where("id", "=", o.promptId).execute();
}

// --- attributes ----------------------------------------------------------------------------------
export async function getAttributes(deps: Deps, actor: Actor) {
  const rows = await deps.db.kysely.selectFrom("user_attributes").select(["key", "value"]).where("user_id", "=", actor.user.id).orderBy("key").execute();
  return { attributes: Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown])) };
}

export async function setAttribute(deps: Deps, o: { actor: Actor; key: string; value: unknown; mode: "create" | "update" | "delete" }) {
  const db = deps.db.kysely;
  const existing = await db.selectFrom("user_attributes").select("key").where("user_id", "=", o.actor.user.id).where("key", "=", o.key).executeTakeFirst();
  if (o.mode === "create") {
    if (existing) throw new AppError("conflict", `Attribute "${o.key}" already exists. Use PATCH to change it.`);
    await db.insertInto("user_attributes").values({ user_id: o.actor.user.id, key: o.key, value: JSON.stringify(o.value), updated_at: now() }).execute();
  } else {
    if (!existing) throw new AppError("not_found", `Attribute "${o.key}" not found.`);
    const q = db.updateTable("user_attributes").set({ value: JSON.stringify(o.value), updated_at: now() });
    if (o.mode === "update") await q.where("user_id", "=", o.actor.user.id).where("key", "=", o.key).execute();
    else await db.deleteFrom("user_attributes").where("user_id", "=", o.actor.user.id).where("key", "=", o.key).execute();
  }
  return getAttributes(deps, o.actor);
}

