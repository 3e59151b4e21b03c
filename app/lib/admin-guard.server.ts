import { redirect, type AppLoadContext } from "react-router";
import type { AuthUser } from "../../contracts/auth.ts";
import { checkAdminRole } from "../../contracts/signup-codes.ts";
import { setFlash } from "./flash.server.ts";
import { apiFor, requireUser } from "./session.server.ts";

export const NOT_ADMIN = "You don't have permission to access the admin area.";

/**
 * Every admin loader and action calls this (React Router runs loaders in parallel, so the layout's
 * check alone would not stop a child's). Signed out: /login with returnTo; not admin: /home.
 */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<AuthUser> {
  const user = await requireUser(request, context);
  const { isAdmin } = await (await apiFor(request, context)).call(checkAdminRole).catch(() => ({ isAdmin: false }));
  if (!isAdmin) {
    throw redirect("/home", {
      headers: { "Set-Cookie": await setFlash(request, context, { kind: "error", message: NOT_ADMIN }) },
    });
  }
  return user;
}
