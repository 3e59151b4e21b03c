import type { SignupCode } from "../../contracts/signup-codes.ts";
import type { SignupCodeRow } from "./repo.ts";

export function presentSignupCode(row: SignupCodeRow): SignupCode {
  const used = row.used_at !== null;
  return {
    code: row.code,
    id: row.code,
    description: row.description,
    createdAt: row.created_at,
    createdBy: row.created_by,
    isActive: row.is_active === 1,
    usedBy: row.used_by,
    usedByEmail: row.used_email,
    usedAt: row.used_at,
    status: used ? "Used" : row.is_active === 1 ? "Active" : "Inactive",
  };
}
