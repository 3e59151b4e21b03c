import type { OpenAPIHono } from "@hono/zod-openapi";
import type { SessionUser } from "../../auth/identity-provider.ts";

/** Who is asking: set by the authenticate middleware from the bearer token, null for anonymous. */
export interface Actor {
  user: SessionUser;
  token: string;
}

export type AppEnv = {
  Variables: {
    actor: Actor | null;
    requestId: string;
    /** The client's address (see client-address.ts), undefined when nothing says. */
    clientAddress: string | undefined;
  };
};
export type ApiApp = OpenAPIHono<AppEnv>;
