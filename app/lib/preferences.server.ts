import { createCookie } from "react-router";

/** Show/Hide Thoughts: a display preference, so a plain cookie (no account state). */
const thoughtsCookie = createCookie("show_thoughts", { path: "/", sameSite: "lax", maxAge: 60 * 60 * 24 * 365 });

export async function getShowThoughts(request: Request): Promise<boolean> {
  const value: unknown = await thoughtsCookie.parse(request.headers.get("cookie"));
  return value !== "0";
}

export function setShowThoughts(show: boolean): Promise<string> {
  return thoughtsCookie.serialize(show ? "1" : "0");
}
