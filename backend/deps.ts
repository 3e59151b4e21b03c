import type { AnswerRuntime } from "./agent/runtime.ts";
import type { AdminChecker } from "./auth/admin.ts";
import type { IdentityProvider } from "./auth/identity-provider.ts";
import type { BlobStore } from "./platform/blobs/blob-store.ts";
import type { Config } from "./config.ts";
import type { Db } from "./platform/db/index.ts";
import type { LlmProvider } from "./platform/llm/provider.ts";
import type { Logger } from "./platform/log.ts";
import type { Mailer } from "./platform/mail/mailer.ts";
import type { SearchIndex } from "./search/search-index.ts";
import type { DocumentLabelCache } from "./search/named-documents.ts";
import type { SiteSnapshotCache } from "./snapshots/service.ts";

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
  /** Full-text search over the passages, with its caches (one per backend). */
  search: SearchIndex;
  /** Document label words per workspace, for searches naming a document (search/service.ts). */
  documentLabels: DocumentLabelCache;
  /** The public list of discoverable snapshots (GET /site_published_snapshots), cached 5 minutes. */
  siteSnapshots: SiteSnapshotCache;
  /** The answers this backend is writing (so two backends in one test act as two processes). */
  answers: AnswerRuntime;
}
