import path from "node:path";
import { z } from "zod";
import { isTrustProxyEntry } from "./http/client-address.ts";

export const bool = z
  .enum(["true", "false", "1", "0", ""])
  .default("false")
  .transform((v) => v === "true" || v === "1");

export const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.url().optional());
export const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());

/**
 * The platform's variables. Domains add their own sections (backend/config.ts composes them), so
 * the platform never imports a domain.
 */
export const platformShape = {
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^(postgres|postgresql|sqlite):/, "must start with postgres://, postgresql:// or sqlite:")
      .optional(),
  ),
  ROLES: z
    .string()
    .default("web,api,worker")
    .transform((v) =>
      v
        .split(",")
        .map((r) => r.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(["web", "api", "worker"])).min(1)),
  /** Processes serving one port (node:cluster, backend/platform/cluster.ts); 1 serves in this one. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  BACKEND_URL: optionalUrl,
  AUTH_SECRET: optionalString,
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  /** Peers whose X-Forwarded-For is believed: "loopback", IPs, CIDR ranges (comma-separated). */
  TRUST_PROXY: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().refine(isTrustProxyEntry, {
          error: (i) => `"${String(i.input)}" is not "loopback", an IP address or a CIDR range`,
        }),
      ),
    ),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Analyst Workspace <no-reply@localhost>"),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  REQUIRE_SIGNUP_CODE: bool,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  // Google Drive import's Picker in the browser (with GOOGLE_CLIENT_ID): off unless both are set.
  GOOGLE_PICKER_API_KEY: optionalString,
  GOOGLE_PICKER_APP_ID: optionalString,
  PRODUCT_NAME: z.string().default("Analyst Workspace"),
  SUPPORT_EMAIL: z.string().default("support@example.com"),
  SUPPORT_URL: optionalUrl,
  CONTACT_SALES_URL: optionalUrl,
  STATUS_URL: optionalUrl,
  TRUST_URL: optionalUrl,
  COMMUNITY_CHAT_URL: optionalUrl,
  ACCOUNT_DELETION_URL: optionalUrl,
  ANALYTICS_ENDPOINT: optionalUrl,
  BILLING_TEST_MODE: bool,
  COMMIT_HASH: optionalString,
  RELEASE_TAG: optionalString,
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 1024 ** 3),
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(5 * 1024 ** 3),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool,
  URL_IMPORT_ALLOW_PRIVATE: bool,
  URL_IMPORT_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  GOOGLE_DRIVE_API_URL: z.url().default("https://www.googleapis.com"),
  INGEST_STUCK_AFTER_MS: z.coerce.number().int().min(1000).default(60_000),
  LLM_PROVIDER: z.enum(["none", "openai", "anthropic", "openai-compatible"]).default("none"),
  LLM_MODEL: z
    .string()
    .default("")
    .transform((v) => [
      ...new Set(
        v
          .split(",")
          .map((m) => m.trim())
          .filter(Boolean),
      ),
    ]),
  LLM_BASE_URL: optionalUrl,
  OPENAI_API_KEY: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  /** Used for openai-compatible servers that want a key (LLM_API_KEY wins over OPENAI_API_KEY there). */
  LLM_API_KEY: optionalString,
  LLM_PRICE_INPUT_PER_MTOK: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().min(0).optional()),
  LLM_PRICE_OUTPUT_PER_MTOK: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().min(0).optional()),
  LLM_MAX_STEPS: z.coerce.number().int().min(1).max(50).default(8),
  LLM_AUTO_TITLE: bool,
  /** Suggested questions for a Pod written by the model (one metered call) instead of from its documents' profiles. */
  LLM_SUGGEST_PROMPTS: bool,
  /** Pause between the pieces of a search-mode answer, so that it streams visibly like a model's. */
  SEARCH_MODE_STREAM_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(15),
};

const refine = (c: Parsed, ctx: z.RefinementCtx) => {
  const need = (key: string, why: string) => ctx.addIssue({ code: "custom", path: [key], message: why });
  if (c.LLM_PROVIDER === "none") return;
  if (c.LLM_MODEL.length === 0)
    need(
      "LLM_MODEL",
      `is required with LLM_PROVIDER=${c.LLM_PROVIDER} (comma-separated model ids, the first is the default)`,
    );
  if (c.LLM_MODEL.includes("search")) need("LLM_MODEL", '"search" is reserved for answers without a model');
  if (c.LLM_PROVIDER === "openai" && !c.OPENAI_API_KEY && !c.LLM_BASE_URL)
    need("OPENAI_API_KEY", "is required with LLM_PROVIDER=openai");
  if (c.LLM_PROVIDER === "anthropic" && !c.ANTHROPIC_API_KEY && !c.LLM_BASE_URL)
    need("ANTHROPIC_API_KEY", "is required with LLM_PROVIDER=anthropic");
  if (c.LLM_PROVIDER === "openai-compatible" && !c.LLM_BASE_URL)
    need("LLM_BASE_URL", "is required with LLM_PROVIDER=openai-compatible");
};

type Parsed = z.infer<z.ZodObject<typeof platformShape>>;

/** What the platform's own modules read. */
export type PlatformConfig = Omit<Parsed, "DATA_DIR" | "AUTH_SECRET"> & {
  DATA_DIR: string;
  AUTH_SECRET: string;
  googleEnabled: boolean;
};

/** The parsed configuration: the platform's variables and the given sections'. */
export type ConfigOf<S extends z.ZodRawShape> = PlatformConfig & z.infer<z.ZodObject<S>>;

/**
 * Parses the environment once, with the platform's variables and the sections domains add;
 * throws an Error naming every bad variable.
 */
export function parseConfig<S extends z.ZodRawShape>(
  sections: S,
  env: Record<string, string | undefined>,
  /** Cross-variable checks of the sections (a variable required by another's value). */
  refineSections?: (c: z.infer<z.ZodObject<S>>, ctx: z.RefinementCtx) => void,
): ConfigOf<S> {
  // zod cannot infer through a generic spread of shapes; the cast restates what it parsed.
  const schema = z.object({ ...platformShape, ...sections }).superRefine((c, ctx) => {
    refine(c as Parsed, ctx);
    refineSections?.(c as z.infer<z.ZodObject<S>>, ctx);
  });
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example for every variable.`);
  }
  const c = parsed.data as Parsed & z.infer<z.ZodObject<S>>;
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    DATA_DIR: dataDir,
    // Without a configured secret we derive one per data directory (see auth-secret.ts):
    // set lazily by the caller because it touches the disk.
    AUTH_SECRET: c.AUTH_SECRET ?? "",
    googleEnabled: Boolean(c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET),
  };
}

export function isPostgres(config: Pick<PlatformConfig, "DATABASE_URL">): boolean {
  return Boolean(config.DATABASE_URL && /^postgres(ql)?:/.test(config.DATABASE_URL));
}

/** Reads ./.env into process.env when it exists (variables already set win). */
export function loadDotEnv(file = ".env"): void {
  try {
    process.loadEnvFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
}
