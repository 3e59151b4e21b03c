import type { AppLoadContext } from "react-router";
import { getUser } from "./session.server.ts";

/** The little the page chrome needs about the visitor: null when signed out. */
export interface Viewer {
  displayName: string | null;
  email: string | null;
  isAdmin: boolean;
}

export async function getViewer(request: Request, context: AppLoadContext): Promise<Viewer | null> {
  const user = await getUser(request, context);
  return user ? { displayName: user.displayName, email: user.email, isAdmin: user.isAdmin } : null;
}
