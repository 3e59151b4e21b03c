import type { ColumnType } from "kysely";
import type { AccountTable, SessionTable, UserTable, VerificationTable } from "./schema-auth.ts";
import type {
  BillingAccountTable,
  CreditLedgerTable,
  PaymentTable,
  StripeEventTable,
  SubscriptionTable,
} from "./schema-billing.ts";

export type * from "./schema-auth.ts";
export type * from "./schema-billing.ts";

/**
 * Table types. better-auth owns `user`, `session`, `account` and `verification` (camelCase
 * columns, its own date/boolean mapping per dialect); our own tables are snake_case, keep
 * timestamps as ISO-8601 UTC text and booleans as 0/1 integers so one query runs on both
 * dialects unchanged (docs/decisions/0002-portable-columns.md). better-auth's tables are in
 * schema-auth.ts, billing's in schema-billing.ts.
 */

export interface SignupCodeTable {
  code: string;
  description: string | null;
  created_at: string;
  created_by: string | null;
  is_active: number;
  used_by: string | null;
  used_email: string | null;
  used_at: string | null;
}

export interface ActionCodeTable {
  code_hash: string;
  mode: "verifyEmail" | "resetPassword" | "recoverEmail";
  user_id: string;
  email: string;
  /** JSON text: mode-specific data (recoverEmail keeps the address to restore). */
  data: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  signup_codes: SignupCodeTable;
  action_codes: ActionCodeTable;
  workspaces: WorkspaceTable;
  workspace_bookmarks: WorkspaceBookmarkTable;
  threads: ThreadTable;
  thread_bookmarks: ThreadBookmarkTable;
  messages: MessageTable;
  message_feedback: MessageFeedbackTable;
  files: FileTable;
  file_versions: FileVersionTable;
  prompts: PromptTable;
  user_attributes: UserAttributeTable;
  jobs: JobTable;
  documents: DocumentTable;
  pages: PageTable;
  passages: PassageTable;
  message_events: MessageEventTable;
  usage_events: UsageEventTable;
  auth_attempts: AuthAttemptTable;
  snapshots: SnapshotTable;
  file_version_refs: FileVersionRefTable;
  example_pods: ExamplePodTable;
  edgar_rate: EdgarRateTable;
  edgar_cache: EdgarCacheTable;
  billing_accounts: BillingAccountTable;
  credit_ledger: CreditLedgerTable;
  subscriptions: SubscriptionTable;
  payments: PaymentTable;
  stripe_events: StripeEventTable;
  agent_confirmations: AgentConfirmationTable;
}

/** What an answer asks the user before it acts (backend/agent/confirmations.ts). */
export interface AgentConfirmationTable {
  id: string;
  message_id: string;
  kind: "edgar_import";
  /** JSON text: the request as the confirmation_request event carries it. */
  payload: string;
  status: "pending" | "approved" | "declined" | "expired" | "cancelled";
  created_at: string;
  answered_at: string | null;
  answered_by: string | null;
}

/** The shared request pacing for SEC EDGAR (backend/edgar/repo.ts). */
export interface EdgarRateTable {
  id: string;
  /** ms since the epoch; bigint on PostgreSQL comes back as a string. */
  next_at: ColumnType<number | string, number, number>;
}

/** EDGAR's JSON answers, kept until `expires_at` (backend/edgar/repo.ts). */
export interface EdgarCacheTable {
  url: string;
  body: string;
  fetched_at: string;
  expires_at: string;
}

/** One counted attempt of an auth throttle (backend/auth/attempt-limiter.ts). */
export interface AuthAttemptTable {
  id: string;
  /** Which throttle: "sign-in:account", "sign-in:address", "sign-up:address", "reset:account". */
  kind: string;
  /** The account's email or the client address. */
  key: string;
  created_at: string;
}

export interface WorkspaceTable {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  is_public: number;
  created_at: string;
  updated_at: string;
  /** Set on a published snapshot's own workspace (read-only for everyone). */
  snapshot_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A published snapshot (backend/snapshots): a frozen copy in its own workspace. */
export interface SnapshotTable {
  id: string;
  /** The snapshot's own workspace. */
  workspace_id: string;
  /** The snapshot's copy of the published thread; null for a Pod snapshot. */
  thread_id: string | null;
  /** Where it was published from (no foreign key: the source may be deleted since). */
  source_workspace_id: string | null;
  source_thread_id: string | null;
  created_by: string;
  created_at: string;
  is_discoverable: number;
}

/** An example pod of the catalogue (backend/examples): its Pod and the snapshot /{slug} shows. */
export interface ExamplePodTable {
  slug: string;
  workspace_id: string;
  snapshot_id: string | null;
  thread_id: string | null;
  built_at: string | null;
}

/** Versions a file shows beyond its own (a snapshot file's, owned by its source file). */
export interface FileVersionRefTable {
  file_id: string;
  version_id: string;
  /** Thread files: the copy of the answer that wrote the version (null when none did). */
  message_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WorkspaceBookmarkTable {
  user_id: string;
  workspace_id: string;
  created_at: string;
}

export interface ThreadTable {
  id: string;
  workspace_id: string;
  created_by: string | null;
  name: string;
  is_pinned: number;
  created_at: string;
  updated_at: string;
}

export interface ThreadBookmarkTable {
  user_id: string;
  thread_id: string;
  created_at: string;
}

export interface MessageTable {
  id: string;
  thread_id: string;
  parent_id: string | null;
  role: "user" | "assistant";
  content: string;
  status: "streaming" | "complete" | "cancelled" | "failed";
  is_active: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** JSON text: the answer's citations (contracts/citation.ts), "[]" for questions. */
  citations: ColumnType<string, string | undefined, string>;
  /** The model that wrote an answer ("search" for search mode). */
  model: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON text: the file ids a question was limited to (null: the whole workspace). */
  file_ids: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set by cancel_stream_qa; the process writing the answer polls it. */
  cancel_requested_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One flush of an answer's stream: `events` is a JSON array of {t, e} (contracts/agent.ts). */
export interface MessageEventTable {
  message_id: string;
  seq: number;
  /** Index in the answer's event sequence of this batch's first event. */
  first_index: number;
  events: string;
  created_at: string;
}

/** One model call, metered. */
export interface UsageEventTable {
  id: string;
  user_id: string | null;
  workspace_id: string | null;
  thread_id: string | null;
  message_id: string | null;
  model: string;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number | null;
  created_at: string;
}

export interface MessageFeedbackTable {
  message_id: string;
  user_id: string;
  rating: "up" | "down";
  comment: string | null;
  created_at: string;
}

/**
 * thread: written by an answer or saved by edit_file in a thread (`thread_id` set); never indexed.
 * retained: deleted by its owner while a snapshot still shows its versions (no workspace): it
 * keeps them until no file_version_refs row names them (backend/files/references.ts).
 */
export type FileScope = "workspace" | "account" | "public" | "thread" | "retained";
/** uploaded: bytes stored, waiting for ingestion; failed: ingestion failed (`error` says why). */
export type FileStatus = "uploading" | "uploaded" | "indexing" | "indexed" | "failed";
/** Statuses of files whose bytes are stored (everything but an upload in progress). */
export const STORED_FILE_STATUSES = [
  "uploaded",
  "indexing",
  "indexed",
  "failed",
] as const satisfies readonly FileStatus[];

export interface FileTable {
  id: string;
  scope: FileScope;
  workspace_id: string | null;
  owner_id: string;
  filename: string;
  current_version_id: string | null;
  status: FileStatus;
  error: string | null;
  /** The archive (ZIP, EML) this file was expanded from; null for uploads. */
  parent_file_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0 for uploads, 1 for an archive's entries, 2 for entries of an archive inside one. */
  archive_depth: ColumnType<number, number | undefined, number>;
  /** Thread files only (scope 'thread'): the thread they belong to. */
  thread_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Thread files only: the workspace file an edit started from. */
  original_file_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where an imported file came from, as JSON (an SEC filing: contracts/files.ts fileSource); null for uploads. */
  source: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface FileVersionTable {
  id: string;
  file_id: string;
  blob_key: string;
  /** bigint on PostgreSQL comes back as a string: read it through Number(). */
  byte_size: ColumnType<number | string, number, number>;
  content_type: string;
  checksum: string | null;
  created_by: string | null;
  created_at: string;
  /** Thread file versions: the answer that wrote it (null when the user saved it). */
  message_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Thread file versions: 1, 2, ... within the file. */
  number: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PromptTable {
  id: string;
  user_id: string;
  title: string;
  content: string;
  created_at: string;
  updated_at: string;
}

export interface UserAttributeTable {
  user_id: string;
  key: string;
  /** JSON text */
  value: string;
  updated_at: string;
}

export type JobStatus = "queued" | "running" | "done" | "failed";

/** The job queue (backend/platform/jobs): ingestion's jobs and, by `kind`, any other. */
export interface JobTable {
  id: string;
  /** Which handler runs it ("ingest": index the file version). */
  kind: ColumnType<string, string | undefined, string>;
  /** The file version an ingest job indexes (deleting the file deletes its jobs); null for jobs about no file. */
  file_id: ColumnType<string | null, string | null | undefined, string | null>;
  version_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the job needs to know, as JSON, checked by its kind's handler (null: nothing). */
  payload: ColumnType<string | null, string | null | undefined, string | null>;
  status: JobStatus;
  attempts: number;
  run_after: string;
  locked_at: string | null;
  locked_by: string | null;
  error: string | null;
  /** Progress of a running job, as its parser reports it (null until known). */
  pages_done: ColumnType<number | null, number | null | undefined, number | null>;
  pages_total: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  updated_at: string;
}

export interface DocumentTable {
  version_id: string;
  file_id: string;
  workspace_id: string | null;
  title: string;
  page_count: number;
  /** Derived at index time from the first pages and metadata (ingestion/profile.ts); null when unknown. */
  profile_title: string | null;
  kind: string | null;
  issuer: string | null;
  period: string | null;
  form: string | null;
  /** 1 once the profile was derived (so documents indexed before it can be profiled later). */
  profiled: ColumnType<number, number | undefined, number>;
  /** The PDF text rules it was parsed by (ingestion/reparse.ts PARSE_RULES); null: before migration 0017. */
  parsed: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PageTable {
  version_id: string;
  page: number;
  text: string;
  /** Sheet pages: JSON `{sheet, rows}` (the sheet row number of each line), see migration 0011. */
  sheet_layout: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PassageTable {
  id: string;
  version_id: string;
  file_id: string;
  workspace_id: string | null;
  page: number;
  start: number;
  end: number;
  heading: string;
  /** The document's label (file name in words, then title), see migration 0007. */
  label: ColumnType<string, string | undefined, string>;
  text: string;
  /** SQLite only: the rowid of the passage's passages_fts row. */
  seq: ColumnType<number, number | undefined, never>;
  /** 1 when its page lists where things are (a table of contents, an index: search/listing.ts); null before migration 0012. */
  listing: ColumnType<number | null, number | null | undefined, number | null>;
}
