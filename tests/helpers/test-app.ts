import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { bootBackend, type Backend } from "../../backend/boot.ts";
import type { Deps } from "../../backend/deps.ts";
import { loadConfig, type Config } from "../../backend/config.ts";
import { authEmulator } from "./firebase-emulator.ts";
import { startSmtpServer, type TestMailbox } from "./smtp.ts";
import { createDb } from "../../backend/platform/db/index.ts";
import { createNodeServer } from "../../backend/platform/http/node-server.ts";
import { createTestDb, type TestDb } from "./test-db.ts";
import { typedCaller, type ApiCaller } from "./typed-api.ts";

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with content-type application/json unless headers say otherwise. */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies freely
export interface TestResponse<T = any> {
  status: number;
  /** Parsed JSON, or the text when the body is not JSON. */
  body: T;
  headers: Headers;
}

export interface TestApp {
  /** Origin of the API server; paths are relative to the API (/auth/sign-up, not /api/auth/sign-up). */
  url: string;
  request<T = any>(method: string, path: string, o?: RequestOptions): Promise<TestResponse<T>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- see TestResponse
  /** A typed call through a contract's endpoint: `app.api(createWorkspace, { token, body })` (typed-api.ts). */
  api: ApiCaller;
  deps: Deps;
  backend: Backend;
  config: Config;
  mail: TestMailbox;
  testDb: TestDb;
  close(): Promise<void>;
}

/**
 * The backend over real HTTP on an ephemeral port, with a fresh database (per TEST_DB) and mail
 * going over SMTP to an in-process mailbox. `env` overrides any configuration variable.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "aw-test-"));
  const cleanups: (() => Promise<void>)[] = [() => fs.rm(dataDir, { recursive: true, force: true })];
  const cleanUp = async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  };
  try {
    return await start(env, dataDir, cleanups, cleanUp);
  } catch (err) {
    // A half-started app must not leave a schema or a port behind.
    await cleanUp().catch(() => undefined);
    throw err;
  }
}

async function start(
  env: Record<string, string>,
  dataDir: string,
  cleanups: (() => Promise<void>)[],
  cleanUp: () => Promise<void>,
): Promise<TestApp> {
  const mail = await startSmtpServer();
  cleanups.push(() => mail.close());
  const testDb = await createTestDb({ dataDir });
  const identityEnv = await testIdentityEnv();
  // bootBackend is handed the database, so dropping it also closes it.
  cleanups.push(() => testDb.drop());
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: testDb.url,
    LOG_LEVEL: "error",
    PUBLIC_URL: "http://localhost:3000",
    SMTP_URL: mail.url,
    // Search-mode answers stream at once; the pause is tested on its own (agent-search-mode-tables).
    SEARCH_MODE_STREAM_DELAY_MS: "0",
    ...identityEnv,
    ...env,
  });
  const backend = await bootBackend({ config, db: testDb.db });

  const server = createNodeServer(getRequestListener(backend.api.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    deps: backend.deps,
    backend,
    config,
    mail,
    testDb,
    request: requester(url),
    api: typedCaller(url),
    close: cleanUp,
  };
}

/**
 * The identity provider test apps use: TEST_IDENTITY=firebase (the *-firebase Vitest projects)
 * points them at the run's Auth emulator, started on first use (firebase-emulator.ts).
 */
export const testingFirebase = () => process.env.TEST_IDENTITY === "firebase";

export async function testIdentityEnv(): Promise<Record<string, string>> {
  if (!testingFirebase()) return {};
  const emulator = await authEmulator();
  return {
    IDENTITY_PROVIDER: "firebase",
    FIREBASE_PROJECT_ID: emulator.projectId,
    FIREBASE_API_KEY: "test-api-key",
    FIREBASE_AUTH_DOMAIN: "localhost",
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  };
}

export type PeerApp = Pick<TestApp, "url" | "request" | "deps" | "close">;

/**
 * A second backend on the same database, as another process of the same deployment would be:
 * its own connections, its own in-memory state, its own HTTP server. `env` overrides its config.
 */
export async function createPeerApp(app: TestApp, env: Record<string, string> = {}): Promise<PeerApp> {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: app.config.DATA_DIR,
    DATABASE_URL: app.testDb.url,
    LOG_LEVEL: "error",
    PUBLIC_URL: "http://localhost:3000",
    SMTP_URL: app.mail.url,
    ...(await testIdentityEnv()),
    ...env,
  });
  const db = createDb({ url: app.testDb.url, dataDir: app.config.DATA_DIR });
  const backend = await bootBackend({ config, db });
  const server = createNodeServer(getRequestListener(backend.api.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    deps: backend.deps,
    request: requester(url),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await backend.close();
    },
  };
}

/** JSON requests to a server at `url`; bodies come back parsed (or as text when not JSON). */
function requester(url: string): TestApp["request"] {
  return async (method, p, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    let body: string | undefined;
    if (o.rawBody !== undefined) body = o.rawBody;
    else if (o.body !== undefined) body = JSON.stringify(o.body);
    if (body !== undefined) headers["content-type"] ??= "application/json";
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await fetch(url + p, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: the test sees the text.
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see TestResponse
    return { status: res.status, body: parsed as any, headers: res.headers };
  };
}
