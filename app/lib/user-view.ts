import type { AuthUser } from "../../contracts/auth.ts";

/** What the app shell shows about the signed-in user. */
export interface UserView {
  label: string;
  email: string | null;
  isAdmin: boolean;
  verificationStatus: AuthUser["verificationStatus"];
}

export function userView(user: AuthUser): UserView {
  return {
    label: user.displayName || user.email || "Account",
    email: user.email,
    isAdmin: user.isAdmin || user.role === "admin",
    verificationStatus: user.verificationStatus,
  };
}
