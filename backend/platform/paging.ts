import { sql, type RawBuilder } from "kysely";
import { AppError } from "../../contracts/errors.ts";

/** Keyset cursors: the sort value and the id of the last row, opaque to clients. */
export function encodeCursor(sortValue: string, id: string): string {
  return Buffer.from(JSON.stringify([sortValue, id])).toString("base64url");
}

export function decodeCursor(cursor: string | undefined): [string, string] | null {
  if (!cursor) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === "string" && typeof v[1] === "string") return [v[0], v[1]];
  } catch {
    // fall through
  }
  throw new AppError("validation_failed", "The cursor is not valid. Start again without it.", {
    cursor: "Invalid cursor",
  });
}

/**
 * The keyset condition for the page after a cursor: rows whose (sort value, id) come after the
 * cursor's, ascending (">") or descending ("<"). A row-value comparison, the same on SQLite and
 * PostgreSQL. Columns are trusted names from our own code, never user input.
 */
export function afterCursor(
  sortColumn: string | RawBuilder<string>,
  idColumn: string,
  direction: ">" | "<",
  cursor: [string, string],
): RawBuilder<boolean> {
  const sort = typeof sortColumn === "string" ? sql.ref(sortColumn) : sortColumn;
  return sql<boolean>`(${sort}, ${sql.ref(idColumn)}) ${sql.raw(direction)} (${cursor[0]}, ${cursor[1]})`;
}

/** Fetch limit + 1 rows; this trims the extra one and makes the next cursor from the last kept row. */
export function page<T>(
  rows: T[],
  limit: number,
  key: (row: T) => [string, string],
): { items: T[]; next_cursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next_cursor: rows.length > limit && last ? encodeCursor(...key(last)) : null };
}
