import type { Kysely } from "kysely";
import { columnTypes, detectDialect } from "../column-types.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(await detectDialect(db));

  // better-auth's core tables, in the shape its own generator produces for each dialect.
  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", t.authBool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn("image", "text")
    .addColumn("createdAt", t.authDate, (c) => c.notNull())
    .addColumn("updatedAt", t.authDate, (c) => c.notNull())
    .addColumn("role", "text")
    .addColumn("lastSignInAt", t.authDate)
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", t.authDate, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", t.authDate, (c) => c.notNull())
    .addColumn("updatedAt", t.authDate, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("session_user_idx").on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", t.authDate)
    .addColumn("refreshTokenExpiresAt", t.authDate)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", t.authDate, (c) => c.notNull())
    .addColumn("updatedAt", t.authDate, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("account_user_idx").on("account").column("userId").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", t.authDate, (c) => c.notNull())
    .addColumn("createdAt", t.authDate, (c) => c.notNull())
    .addColumn("updatedAt", t.authDate, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();

  await db.schema
    .createTable("signup_codes")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("description", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("used_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("used_email", "text")
    .addColumn("used_at", "text")
    .execute();

  await db.schema
    .createTable("action_codes")
    .addColumn("code_hash", "text", (c) => c.primaryKey())
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("data", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("action_codes_user_idx").on("action_codes").columns(["user_id", "mode"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["action_codes", "signup_codes", "verification", "account", "session", "user"]) {
    await db.schema.dropTable(table).execute();
  }
}
