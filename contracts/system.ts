import { z } from "zod";
import { endpoint } from "./endpoint.ts";

export const appConfig = z.object({
  requireSignupCode: z.boolean(),
  googleEnabled: z.boolean(),
  productName: z.string(),
  supportEmail: z.string(),
});
export type AppConfig = z.infer<typeof appConfig>;

export const getAppConfig = endpoint({
  method: "get",
  path: "/app-config",
  summary: "Public settings the sign-up screen needs",
  tag: "system",
  auth: "public",
  response: appConfig,
  status: 200,
});

export const getVersion = endpoint({
  method: "get",
  path: "/version",
  summary: "Backend build",
  tag: "system",
  auth: "public",
  response: z.object({ commit_hash: z.string(), release_tag: z.string() }),
  status: 200,
});

export const getHealth = endpoint({
  method: "get",
  path: "/health",
  summary: "200 when the database answers",
  tag: "system",
  auth: "public",
  response: z.object({ status: z.literal("ok"), database: z.enum(["sqlite", "postgres"]) }),
  status: 200,
});
