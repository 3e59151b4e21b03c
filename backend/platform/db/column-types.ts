import { SqliteIntrospector, sql, type ColumnDataType, type Expression, type Kysely } from "kysely";
import type { Dialect } from "./index.ts";

/** Column types that differ per dialect, for the few places a migration needs them. */
export function columnTypes(dialect: Dialect) {
  return {
    /** better-auth's date columns: ISO text on SQLite, timestamptz on PostgreSQL. */
    authDate: (dialect === "postgres" ? "timestamptz" : "date") as ColumnDataType,
    /** better-auth's booleans: integer on SQLite, boolean on PostgreSQL. */
    authBool: (dialect === "postgres" ? "boolean" : "integer") as ColumnDataType,
    falseValue: (dialect === "postgres" ? sql`false` : sql`0`) as Expression<unknown>,
  };
}

/**
 * Asks Kysely, not the server: a probe query that fails on PostgreSQL would abort the
 * transaction the migrator runs each migration in.
 */
export async function detectDialect(db: Kysely<unknown>): Promise<Dialect> {
  return db.introspection instanceof SqliteIntrospector ? "sqlite" : "postgres";
}
