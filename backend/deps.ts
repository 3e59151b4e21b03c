import type { AdminChecker } from "./auth/admin.ts";
import type { IdentityProvider } from "./auth/identity-provider.ts";
import type { BlobStore } from "./platform/blobs/blob-store.ts";
import type { Config } from "./config.ts";
import type { Db } from "./platform/db/index.ts";
import type { LlmProvider } from "./platform/llm/provider.ts";
import type { Logger } from "./platform/log.ts";
import type { Mailer } from "./platform/mail/mailer.ts";

/** Everything a service may need, built once at boot (or per test file). */
export interface Deps {
  config: Config;
  db: Db;
  identity: IdentityProvider;
  mailer: Mailer;
  log: Logger;
  admin: AdminChecker;
  blobs: BlobStore;
  /** Language models for the agent ("none" offers none: answers come from search alone). */
  llm: LlmProvider;
  /** Signs our own blob URLs. */
  secret: string;
  /** Where links in emails point: the web app's public origin. */
  publicUrl: string;
}
