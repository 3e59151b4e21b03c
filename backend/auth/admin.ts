import type { Deps } from "../deps.ts";
import type { SessionUser } from "./identity-provider.ts";

/** Spec section 6: an admin check result is kept 30 s per user. */
export const ADMIN_CACHE_MS = 30_000;

export interface AdminChecker {
  isAdmin(user: SessionUser | null): Promise<boolean>;
  forget(userId: string): void;
}

export function createAdminChecker(deps: Pick<Deps, "identity">, now = () => Date.now()): AdminChecker {
  const cache = new Map<string, { value: boolean; until: number }>();
  return {
    async isAdmin(user) {
      if (!user) return false;
      const hit = cache.get(user.id);
      if (hit && hit.until > now()) return hit.value;
      // A failed check means not admin.
      const value = await deps.identity.findUserById(user.id).then(
        (u) => u?.role === "admin",
        () => false,
      );
      cache.set(user.id, { value, until: now() + ADMIN_CACHE_MS });
      return value;
    },
    forget(userId) {
      cache.delete(userId);
    },
  };
}

export async function setAdminRole(
  deps: Pick<Deps, "identity">,
  email: string,
  admin: boolean,
): Promise<SessionUser | null> {
  const user = await deps.identity.findUserByEmail(email);
  if (!user) return null;
  await deps.identity.updateUser(user.id, { role: admin ? "admin" : "user" });
  return deps.identity.findUserById(user.id);
}
