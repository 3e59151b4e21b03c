import type { Executor } from "../platform/db/index.ts";
import { afterCursor, decodeCursor } from "../platform/paging.ts";

// --- prompts -------------------------------------------------------------------------------------

/** A user's saved prompts, most recently updated first. */
export function listPromptRows(db: Executor, o: { userId: string; limit: number; cursor?: string }) {
  let q = db.selectFrom("prompts").selectAll().where("user_id", "=", o.userId);
  const c = decodeCursor(o.cursor);
  if (c) q = q.where(afterCursor("updated_at", "id", "<", c));
  return q
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(o.limit + 1)
    .execute();
}

export function findPrompt(db: Executor, o: { userId: string; promptId: string }) {
  return db
    .selectFrom("prompts")
    .selectAll()
    .where("id", "=", o.promptId)
    .where("user_id", "=", o.userId)
    .executeTakeFirst();
}

export async function insertPrompt(
  db: Executor,
  row: { id: string; user_id: string; title: string; content: string; created_at: string; updated_at: string },
): Promise<void> {
  await db.insertInto("prompts").values(row).execute();
}

export async function updatePrompt(
  db: Executor,
  promptId: string,
  o: { title?: string; content?: string; updatedAt: string },
): Promise<void> {
  await db
    .updateTable("prompts")
    .set({
      ...(o.title !== undefined ? { title: o.title } : {}),
      ...(o.content !== undefined ? { content: o.content } : {}),
      updated_at: o.updatedAt,
    })
    .where("id", "=", promptId)
    .execute();
}

export async function deletePrompt(db: Executor, promptId: string): Promise<void> {
  await db.deleteFrom("prompts").where("id", "=", promptId).execute();
}

// --- user attributes -----------------------------------------------------------------------------

export function listAttributes(db: Executor, userId: string) {
  return db
    .selectFrom("user_attributes")
    .select(["key", "value"])
    .where("user_id", "=", userId)
    .orderBy("key")
    .execute();
}

export async function attributeExists(db: Executor, o: { userId: string; key: string }): Promise<boolean> {
  const row = await db
    .selectFrom("user_attributes")
    .select("key")
    .where("user_id", "=", o.userId)
    .where("key", "=", o.key)
    .executeTakeFirst();
  return Boolean(row);
}

/** `value` is JSON text. */
export async function insertAttribute(
  db: Executor,
  o: { userId: string; key: string; value: string; at: string },
): Promise<void> {
  await db
    .insertInto("user_attributes")
    .values({ user_id: o.userId, key: o.key, value: o.value, updated_at: o.at })
    .execute();
}

/** `value` is JSON text. */
export async function updateAttribute(
  db: Executor,
  o: { userId: string; key: string; value: string; at: string },
): Promise<void> {
  await db
    .updateTable("user_attributes")
    .set({ value: o.value, updated_at: o.at })
    .where("user_id", "=", o.userId)
    .where("key", "=", o.key)
    .execute();
}

export async function deleteAttribute(db: Executor, o: { userId: string; key: string }): Promise<void> {
  await db.deleteFrom("user_attributes").where("user_id", "=", o.userId).where("key", "=", o.key).execute();
}
