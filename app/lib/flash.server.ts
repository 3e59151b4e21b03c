import crypto from "node:crypto";
import { createCookie, type AppLoadContext } from "react-router";

/** A one-time message carried across a redirect (e.g. "You don't have permission..."). */
export interface Flash {
  id: string;
  kind: "success" | "error" | "info";
  message: string;
  /** Extra detail, e.g. the signup code just created. */
  detail?: string;
  /** A site-relative link the page offers to copy, e.g. the share link of a snapshot just published. */
  link?: string;
}

function flashCookie(request: Request, context: AppLoadContext) {
  const secure =
    context.cookieSecure === "true" || (context.cookieSecure === "auto" && new URL(request.url).protocol === "https:");
  return createCookie("__flash", { httpOnly: true, sameSite: "lax", path: "/", secure, maxAge: 60 });
}

/** The Set-Cookie value that stores a flash until the next page reads it. */
export function setFlash(request: Request, context: AppLoadContext, flash: Omit<Flash, "id">): Promise<string> {
  return flashCookie(request, context).serialize({ ...flash, id: crypto.randomUUID() });
}

/** Reads the flash once: the returned headers clear it. */
export async function readFlash(
  request: Request,
  context: AppLoadContext,
): Promise<{ flash: Flash | null; headers: Headers }> {
  const cookie = flashCookie(request, context);
  const value: unknown = await cookie.parse(request.headers.get("cookie"));
  const headers = new Headers();
  if (!isFlash(value)) return { flash: null, headers };
  headers.append("set-cookie", await cookie.serialize("", { maxAge: 0 }));
  return { flash: value, headers };
}

function isFlash(v: unknown): v is Flash {
  if (!v || typeof v !== "object") return false;
  const f = v as Record<string, unknown>;
  return (
    typeof f.id === "string" &&
    typeof f.message === "string" &&
    (f.kind === "success" || f.kind === "error" || f.kind === "info")
  );
}
