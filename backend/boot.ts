import { createAdminChecker } from "./auth/admin.ts";
import { createAuth, createBetterAuthIdentity } from "./auth/better-auth-identity.ts";
import { createFirebaseIdentity } from "./auth/firebase-identity.ts";
import type { Deps } from "./deps.ts";
import { resolveAuthSecret } from "./platform/auth-secret.ts";
import type { Config } from "./config.ts";
import { createDb, type Db } from "./platform/db/index.ts";
import { migrateToLatest } from "./platform/db/migrate.ts";
import { createLogger } from "./platform/log.ts";
import { createFileMailer, createSmtpMailer, type Mailer } from "./platform/mail/mailer.ts";
import path from "node:path";
import { createApi } from "./app.ts";
import { createDiskStore } from "./platform/blobs/disk-store.ts";
import { createS3Store } from "./platform/blobs/s3-store.ts";
import { createLlmProvider } from "./platform/llm/provider.ts";
import { resolvePublicUrl } from "./platform/public-url.ts";
import { AnswerRuntime } from "./agent/runtime.ts";
import { createSearchIndex, type SearchOptions } from "./search/search-index.ts";

export interface BootOptions {
  config: Config;
  /** Tests pass their own database (a fresh schema) and mailer. */
  db?: Db;
  mailer?: Mailer;
  /** Benchmarks plan searches differently (search-index.ts). */
  search?: SearchOptions;
}

/** Builds the backend: database (migrated), identity, mail and the API app. */
export async function bootBackend({ config, db: givenDb, mailer: givenMailer, search }: BootOptions) {
  const log = createLogger(config.LOG_LEVEL);
  const db = givenDb ?? createDb({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateToLatest(db);
  const secret = resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR);
  const publicUrl = resolvePublicUrl(config, log);
  const { auth, identity } = createIdentity(config, db, secret, publicUrl);
  if (config.IDENTITY_PROVIDER === "firebase" && config.FIREBASE_AUTH_EMULATOR_HOST) {
    // The Admin SDK takes the emulator's unsigned tokens as they come: fine for tests, fatal live.
    log.warn(
      `[auth] FIREBASE_AUTH_EMULATOR_HOST=${config.FIREBASE_AUTH_EMULATOR_HOST}: signing in through the Firebase Auth emulator; tokens are not signature-checked. Never set it in production.`,
    );
  }
  const mailer =
    givenMailer ??
    (config.SMTP_URL
      ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
      : createFileMailer(path.join(config.DATA_DIR, "mail"), config.MAIL_FROM, log.info));
  const blobs = config.S3_BUCKET
    ? createS3Store({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE || undefined,
      })
    : createDiskStore({ root: path.join(config.DATA_DIR, "blobs"), secret });
  const llm = createLlmProvider(config);
  const deps = {
    config,
    db,
    identity,
    mailer,
    log,
    publicUrl,
    secret,
    blobs,
    llm,
    admin: createAdminChecker({ identity }),
    search: createSearchIndex(db, search),
    documentLabels: new Map(),
    siteSnapshots: { entry: null },
  } as Omit<Deps, "answers"> as Deps;
  // The runtime stores answers through the deps that carry it.
  deps.answers = new AnswerRuntime(deps);
  const api = createApi(deps, auth);
  return {
    deps,
    api,
    auth,
    close: async () => {
      await identity.close?.();
      await db.close();
    },
  };
}

/** The configured identity provider; `auth` is better-auth's, for its OAuth callback route (builtin only). */
function createIdentity(config: Config, db: Db, secret: string, publicUrl: string) {
  if (config.IDENTITY_PROVIDER === "firebase") {
    // loadConfig made sure these are set (identity-config.ts).
    const identity = createFirebaseIdentity({
      db,
      projectId: config.FIREBASE_PROJECT_ID!,
      serviceAccount: config.FIREBASE_SERVICE_ACCOUNT,
      apiKey: config.FIREBASE_API_KEY!,
      emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
      adminEmails: config.ADMIN_EMAILS,
      requireSignupCode: config.REQUIRE_SIGNUP_CODE,
    });
    return { auth: undefined, identity };
  }
  const auth = createAuth({
    db,
    secret,
    baseUrl: publicUrl,
    adminEmails: config.ADMIN_EMAILS,
    requireSignupCode: config.REQUIRE_SIGNUP_CODE,
    google: config.googleEnabled
      ? { clientId: config.GOOGLE_CLIENT_ID!, clientSecret: config.GOOGLE_CLIENT_SECRET! }
      : undefined,
  });
  return { auth, identity: createBetterAuthIdentity(auth, db) };
}

export type Backend = Awaited<ReturnType<typeof bootBackend>>;
