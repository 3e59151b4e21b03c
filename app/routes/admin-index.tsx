import { redirect } from "react-router";
import type { Route } from "./+types/admin-index";
import { requireAdmin } from "../lib/admin-guard.server.ts";

/** Signup Codes is the default tab. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return redirect("/admin/signup-codes");
}
