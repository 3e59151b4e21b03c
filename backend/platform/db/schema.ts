import type { ColumnType } from "kysely";

/**
 * Table types. better-auth owns `user`, `session`, `account` and `verification` (camelCase
 * columns, its own date/boolean mapping per dialect); our own tables are snake_case, keep
 * timestamps as ISO-8601 UTC text and booleans as 0/1 integers so one query runs on both
 * dialects unchanged (docs/decisions/0002-portable-columns.md).
 */
type AuthDate = ColumnType<Date | string, Date | string, Date | string>;
type AuthBool = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: AuthBool;
  image: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  role: string | null;
  lastSignInAt: AuthDate | null;
}

export interface SessionTable {
  id: string;
  expiresAt: AuthDate;
  token: string;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthDate | null;
  refreshTokenExpiresAt: AuthDate | null;
  scope: string | null;
  password: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface SignupCodeTable {
  code: string;
  description: string | null;
  created_at: string;
  created_by: string | null;
  is_active: number;
  used_by: string | null;
  used_email: string | null;
  used_at: string | null;
}

export interface ActionCodeTable {
  code_hash: string;
  mode: "verifyEmail" | "resetPassword" | "recoverEmail";
  user_id: string;
  email: string;
  /** JSON text: mode-specific data (recoverEmail keeps the address to restore). */
  data: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  signup_codes: SignupCodeTable;
  action_codes: ActionCodeTable;
}
