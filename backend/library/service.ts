import { AppError } from "../../contracts/errors.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import { page } from "../platform/paging.ts";
import { now } from "../platform/clock.ts";
import { presentFile } from "../files/present.ts";
import { deleteFileRow, findFile, listAccountFileRows } from "../files/repo.ts";
import { DOWNLOAD_URL_TTL_SECONDS } from "../files/service.ts";
import { DEFAULT_CONTENT_TYPE } from "../files/supported.ts";
import { storeStream } from "../files/upload.ts";
import { loadWorkspace } from "../workspaces/service.ts";
import crypto from "node:crypto";
import * as repo from "./repo.ts";

export async function listAccountFiles(deps: Deps, o: { actor: Actor; limit: number; cursor?: string }) {
  const rows = await listAccountFileRows(deps.db.kysely, {
    ownerId: o.actor.user.id,
    limit: o.limit,
    cursor: o.cursor,
  });
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
  await deleteFileRow(deps.db.kysely, f.id);
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
  const rows = await repo.listPromptRows(deps.db.kysely, { userId: o.actor.user.id, limit: o.limit, cursor: o.cursor });
  const p = page(rows, o.limit, (r) => [r.updated_at, r.id]);
  return { prompts: p.items.map(presentPrompt), next_cursor: p.next_cursor };
}

function presentPrompt(r: { id: string; title: string; content: string; created_at: string; updated_at: string }) {
  return { id: r.id, title: r.title, content: r.content, created_at: r.created_at, updated_at: r.updated_at };
}

export async function getPrompt(deps: Deps, o: { actor: Actor; promptId: string }) {
  const row = await repo.findPrompt(deps.db.kysely, { userId: o.actor.user.id, promptId: o.promptId });
  if (!row) throw new AppError("not_found", "Prompt not found.");
  return presentPrompt(row);
}

export async function createPrompt(deps: Deps, o: { actor: Actor; title: string; content: string }) {
  const id = crypto.randomUUID();
  const t = now();
  await repo.insertPrompt(deps.db.kysely, {
    id,
    user_id: o.actor.user.id,
    title: o.title,
    content: o.content,
    created_at: t,
    updated_at: t,
  });
  return getPrompt(deps, { actor: o.actor, promptId: id });
}

export async function updatePrompt(
  deps: Deps,
  o: { actor: Actor; promptId: string; title?: string; content?: string },
) {
  await getPrompt(deps, o);
  await repo.updatePrompt(deps.db.kysely, o.promptId, { title: o.title, content: o.content, updatedAt: now() });
  return getPrompt(deps, o);
}

export async function deletePrompt(deps: Deps, o: { actor: Actor; promptId: string }) {
  await getPrompt(deps, o);
  await repo.deletePrompt(deps.db.kysely, o.promptId);
}

// --- attributes ----------------------------------------------------------------------------------
export async function getAttributes(deps: Deps, actor: Actor) {
  const rows = await repo.listAttributes(deps.db.kysely, actor.user.id);
  return { attributes: Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown])) };
}

export async function setAttribute(
  deps: Deps,
  o: { actor: Actor; key: string; value: unknown; mode: "create" | "update" | "delete" },
) {
  const db = deps.db.kysely;
  const where = { userId: o.actor.user.id, key: o.key };
  const existing = await repo.attributeExists(db, where);
  if (o.mode === "create") {
    if (existing) throw new AppError("conflict", `Attribute "${o.key}" already exists. Use PATCH to change it.`);
    await repo.insertAttribute(db, { ...where, value: JSON.stringify(o.value), at: now() });
  } else {
    if (!existing) throw new AppError("not_found", `Attribute "${o.key}" not found.`);
    if (o.mode === "update") await repo.updateAttribute(db, { ...where, value: JSON.stringify(o.value), at: now() });
    else await repo.deleteAttribute(db, where);
  }
  return getAttributes(deps, o.actor);
}
