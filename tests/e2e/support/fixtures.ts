import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import type { Db } from "../../../backend/platform/db/index.ts";
import type { FakeEdgar } from "../../helpers/fake-edgar.ts";
import type { FakeServer } from "../../helpers/fake-http.ts";
import type { FakeOpenAI } from "../../helpers/fake-openai.ts";
import type { FakeStripe } from "../../helpers/fake-stripe.ts";
import { startMailbox, type Mailbox } from "./mailbox.ts";
import { freePort } from "./free-port.ts";

export const ADMIN_EMAIL = "admin@example.com";
export const PASSWORD = "correct-horse-1";

interface App {
  url: string;
  mailbox: Mailbox;
  /** Creates an account directly in the backend, past any signup-code requirement. */
  seedUser(email: string, password: string): Promise<void>;
  /** A fresh, active signup code, as an admin would hand out. */
  createSignupCode(): Promise<string>;
  /** The value better-auth's session cookie would hold after an OAuth sign-in of this user. */
  identityCookieFor(email: string, password: string): Promise<string>;
  /** With `ingestion: "manual"`: runs the queued ingestion jobs now, as a worker would; returns how many ran. */
  drainQueue(): Promise<number>;
  /**
   * Builds an example pod as `npm run examples` does (system account, normal pipeline, threads,
   * discoverable snapshot) from these files, for the catalogue slug in `spec`.
   */
  buildExample(
    spec: { slug: string; title: string; description: string; questions: string[] },
    files: string[],
  ): Promise<{ snapshotId: string }>;
  /** With `llm: "fake"`: the loopback OpenAI-compatible server the app's model talks to (model "fake-model"). */
  llm: FakeOpenAI | null;
  /** With `edgar: true`: the local SEC EDGAR (tests/helpers/fake-edgar.ts) the server calls. */
  edgar: FakeEdgar | null;
  /** With `drive: true`: the local Google Drive API (tests/helpers/fake-drive.ts) the server calls. */
  drive: FakeServer | null;
  /** With `billing: "stripe"`: the local Stripe (tests/helpers/fake-stripe.ts) the server's SDK calls. */
  stripe: FakeStripe | null;
  /** The server's own database, for a test that makes part of it fail (and puts it back). */
  db: Db["kysely"];
}

/** This worker's own Auth emulator (tests/helpers/firebase-emulator.ts) and the app's variables for it. */
async function startFirebase() {
  const { authEmulator, EMULATOR_DIR_ENV, stopAuthEmulator } = await import("../../helpers/firebase-emulator.ts");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-firebase-"));
  process.env[EMULATOR_DIR_ENV] = dir;
  const emulator = await authEmulator();
  return {
    env: {
      IDENTITY_PROVIDER: "firebase",
      FIREBASE_PROJECT_ID: emulator.projectId,
      FIREBASE_API_KEY: "e2e-api-key",
      FIREBASE_AUTH_DOMAIN: "localhost",
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      // Google through the web SDK's popup, against the emulator's fake IdP page.
      FIREBASE_GOOGLE_SIGN_IN: "true",
    },
    stop: async () => {
      await stopAuthEmulator(dir);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One production app server per worker, in this process, with a fresh data directory and mail
 * delivered over SMTP to an in-process sink. `requireSignupCode` is a worker option: spec files
 * that set it get their own worker and server.
 */
export const test = base.extend<
  { mailbox: Mailbox; cspViolations: string[] },
  {
    requireSignupCode: boolean;
    google: boolean;
    ingestion: "worker" | "manual";
    llm: "none" | "fake";
    edgar: boolean;
    publicUrl: "app-url" | "unset";
    identity: "builtin" | "firebase";
    billing: "off" | "stripe";
    extraEnv: Record<string, string>;
    drive: boolean;
    app: App;
  }
>({
  // "firebase": IDENTITY_PROVIDER=firebase against an Auth emulator this worker starts.
  identity: ["builtin", { scope: "worker", option: true }],
  // "stripe": billing on (test keys, BILLING_TEST_MODE) against a local fake Stripe whose webhooks
  // reach this server. "off": no Stripe key, as a plain `npm start`.
  billing: ["off", { scope: "worker", option: true }],
  requireSignupCode: [false, { scope: "worker", option: true }],
  // "worker": the server runs the worker role and indexes uploads by itself (the default, as in
  // production). "manual": no worker role; the test decides when jobs run with app.drainQueue().
  ingestion: ["worker", { scope: "worker", option: true }],
  // Google sign-in configured with dummy credentials (the provider itself is never reached).
  google: [false, { scope: "worker", option: true }],
  // "none": no language model, questions are answered in search mode. "fake": a loopback
  // OpenAI-compatible server (tests/helpers/fake-openai.ts) the test scripts through app.llm.
  llm: ["none", { scope: "worker", option: true }],
  // SEC EDGAR answered by the local fake from the recorded responses (SHARED_DATA_DIR/edgar).
  edgar: [false, { scope: "worker", option: true }],
  // "app-url": PUBLIC_URL is the address the tests open (app.url). "unset": as a plain `npm start`,
  // the server assumes http://localhost:PORT while the tests open http://127.0.0.1:PORT.
  publicUrl: ["app-url", { scope: "worker", option: true }],
  // More server variables for a spec's own worker (e.g. URL_IMPORT_ALLOW_PRIVATE, GOOGLE_PICKER_*); they win.
  extraEnv: [{}, { scope: "worker", option: true }],
  // Google Drive's API answered by a local fake (tests/helpers/fake-drive.ts).
  drive: [false, { scope: "worker", option: true }],
  app: [
    async (
      { requireSignupCode, google, ingestion, llm, edgar, publicUrl, identity: provider, billing, extraEnv, drive },
      provide,
    ) => {
      // The server build is a production bundle; make React on this side match it.
      process.env.NODE_ENV = "production";
      const { startServer } = await import("../../../server.ts");
      const { loadConfig } = await import("../../../backend/config.ts");
      const { drainQueue } = await import("../../../backend/ingestion/worker-loop.ts");
      const mailbox = await startMailbox();
      const fakeLlm = llm === "fake" ? await (await import("../../helpers/fake-openai.ts")).startFakeOpenAI() : null;
      const fakeEdgar = edgar ? await (await import("../../helpers/fake-edgar.ts")).startFakeEdgar() : null;
      const fakeDrive = drive ? await (await import("../../helpers/fake-drive.ts")).startFakeDrive() : null;
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
      const firebase = provider === "firebase" ? await startFirebase() : null;
      const fakeStripe =
        billing === "stripe"
          ? await (
              await import("../../helpers/fake-stripe.ts")
            ).startFakeStripe({ webhookUrl: `${url}/api/stripe/webhook` })
          : null;
      const config = loadConfig({
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
        ...(publicUrl === "app-url" ? { PUBLIC_URL: url } : {}),
        ADMIN_EMAILS: ADMIN_EMAIL,
        REQUIRE_SIGNUP_CODE: String(requireSignupCode),
        ...(google ? { GOOGLE_CLIENT_ID: "test-client-id.apps.example", GOOGLE_CLIENT_SECRET: "test-secret" } : {}),
        LOG_LEVEL: "warn",
        ...(firebase?.env ?? {}),
        ...(ingestion === "manual" ? { ROLES: "web,api" } : {}),
        ...(fakeLlm
          ? {
              LLM_PROVIDER: "openai-compatible",
              LLM_MODEL: "fake-model",
              LLM_BASE_URL: fakeLlm.baseURL,
              LLM_AUTO_TITLE: "false",
            }
          : {}),
        ...(fakeEdgar ? { ...fakeEdgar.env, EDGAR_USER_AGENT: "Analyst Workspace e2e e2e@example.com" } : {}),
        ...(fakeStripe ? { ...fakeStripe.env, BILLING_TEST_MODE: "true" } : {}),
        ...(fakeDrive?.env ?? {}),
        ...extraEnv,
      });
      const server = await startServer(config);
      const identity = server.backend!.deps.identity;
      const seedUser = async (email: string, password: string) => {
        if (!(await identity.findUserByEmail(email))) await identity.signUp({ email, password, name: "" });
      };
      // A session as better-auth's OAuth callback leaves it: "<token>.<HMAC>" in its own cookie.
      const identityCookieFor = async (email: string, password: string) => {
        const { token } = await identity.signIn({ email, password });
        const sig = crypto.createHmac("sha256", server.backend!.deps.secret).update(token).digest("base64");
        return encodeURIComponent(`${token}.${sig}`);
      };
      const createSignupCode = async () => {
        const { insertCode } = await import("../../../backend/signup-codes/repo.ts");
        return (await insertCode(server.backend!.deps.db.kysely, { description: "e2e", createdBy: null })).code;
      };
      const drain = async () => {
        if (ingestion !== "manual")
          throw new Error('drainQueue() needs test.use({ ingestion: "manual" }): the worker role is running');
        return drainQueue(server.backend!.deps);
      };
      const buildExample = async (
        spec: { slug: string; title: string; description: string; questions: string[] },
        files: string[],
      ) => {
        const examples = await import("../../../backend/examples/build.ts");
        const system = await import("../../../backend/examples/system.ts");
        const deps = server.backend!.deps;
        const actor = await system.systemActor(deps, "examples@system.local", () => crypto.randomUUID());
        return examples.buildExample(deps, {
          actor,
          spec: { ...spec, documents: [] },
          files,
          ingest: async () => {
            if (ingestion === "manual") while ((await drainQueue(deps)) > 0);
            else await system.waitForIdle(deps, actor, spec.slug, () => undefined, 200);
          },
        });
      };
      await provide({
        url,
        mailbox,
        seedUser,
        createSignupCode,
        identityCookieFor,
        drainQueue: drain,
        llm: fakeLlm,
        buildExample,
        edgar: fakeEdgar,
        drive: fakeDrive,
        stripe: fakeStripe,
        db: server.backend!.deps.db.kysely,
      });
      await server.close();
      await fakeLlm?.close();
      await fakeEdgar?.close();
      await fakeDrive?.close();
      await fakeStripe?.close();
      await firebase?.stop();
      await mailbox.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    // Booting the server (migrations, build import, an Auth emulator) must not eat the first
    // test's 30 s budget on a busy machine: worker fixtures get their own timeout.
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ app }, provide) => provide(app.url),
  mailbox: async ({ app }, provide) => provide(app.mailbox),
  // Every page of every test runs under the app's Content-Security-Policy: a violation anywhere
  // (an inline script without the nonce, eval, a fetch to an origin the policy does not list)
  // fails the test. A test that provokes one on purpose reads and empties the list.
  cspViolations: [
    async ({ browser, context }, provide) => {
      const violations: string[] = [];
      const restore = watchContexts(browser, violations);
      await watchCsp(context, violations);
      await provide(violations);
      restore();
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

const CSP_MARK = "CSP violation:";

async function watchCsp(context: BrowserContext, violations: string[]): Promise<void> {
  await context.addInitScript((mark) => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(
        `${mark} ${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  }, CSP_MARK);
  context.on("console", (msg) => {
    const text = msg.text();
    // Chromium's own report of a violation, and ours from the listener above.
    if (text.startsWith(CSP_MARK) || (msg.type() === "error" && /Content Security Policy/i.test(text)))
      violations.push(`${msg.location().url}: ${text}`);
  });
}

/** Contexts a test opens itself (browser.newContext / newPage) are watched too, until it ends. */
function watchContexts(browser: Browser, violations: string[]): () => void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchCsp(context, violations);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

export { expect };

let counter = 0;
/** A fresh address per call, so tests never collide on one server. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Fills the sign-up form on /signup; the caller checks where it lands. */
export async function signUp(page: Page, email: string, password: string, signupCode?: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  if (signupCode !== undefined) await page.getByLabel("Signup code").fill(signupCode);
  await page.getByRole("checkbox", { name: /I agree to the/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
}
