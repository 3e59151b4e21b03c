import { redirect, type AppLoadContext } from "react-router";
import { isAppError } from "../../contracts/errors.ts";
import { setFlash, type Flash } from "./flash.server.ts";
import { safeReturnTo } from "./session.server.ts";

/** The text of a form field, trimmed. */
export function field(form: FormData, name: string): string {
  return String(form.get(name) ?? "").trim();
}

/**
 * Runs one state-changing call for a plain form POST and redirects back with a flash: the
 * success text (or a flash made from the call's result), or the API's own message when it
 * refuses. Works the same with JavaScript off.
 */
export async function mutate<T>(
  request: Request,
  context: AppLoadContext,
  o: {
    run: () => Promise<T>;
    success: string | null | ((result: T) => Omit<Flash, "id">);
    redirectTo: string;
  },
): Promise<Response> {
  let flash: Omit<Flash, "id"> | null;
  let to = o.redirectTo;
  try {
    // A call may name where to go next (e.g. the thread it just created).
    const next = await o.run();
    flash =
      typeof o.success === "function" ? o.success(next) : o.success ? { kind: "success", message: o.success } : null;
    if (typeof next === "string") to = next;
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    flash = { kind: "error", message: err.message };
  }
  const headers = flash ? { "Set-Cookie": await setFlash(request, context, flash) } : undefined;
  return redirect(safeReturnTo(to), { headers });
}
