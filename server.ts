/**
 * One Node process. Roles (ROLES=web,api,worker, all by default) decide what it serves:
 * `api` mounts the backend under /api; `web` serves the server-rendered app, whose loaders call
 * the backend in-process, or over HTTP when BACKEND_URL is set.
 */
import "./app/lib/load-context.ts";
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { createRequestHandler, type ServerBuild } from "react-router";
import { httpTransport, inProcessTransport, type ApiTransport } from "./app/lib/api-client.ts";
import { formActionsOnly } from "./app/lib/body-type.server.ts";
import { pageCsp } from "./app/lib/csp.server.ts";
import { googlePickerOf } from "./app/lib/google-picker.server.ts";
import type { PublicEnv } from "./app/lib/load-context.ts";
import { sameOrigin } from "./app/lib/same-origin.server.ts";
import { bootBackend, type Backend } from "./backend/boot.ts";
import { forkServers } from "./backend/platform/cluster.ts";
import { loadConfig, type Config } from "./backend/config.ts";
import { loadDotEnv } from "./backend/platform/config.ts";
import { clientAddress, isTrustedProxy, trustedProxies } from "./backend/platform/http/client-address.ts";
import { createNodeServer } from "./backend/platform/http/node-server.ts";
import { buildInfo } from "./backend/system/build-info.ts";
import { closeWorkerThreads, startWorker, type StartedWorker } from "./backend/worker.ts";

export interface StartedServer {
  url: string;
  backend: Backend | null;
  close(): Promise<void>;
}

type ViteMiddleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

export async function startServer(
  config: Config,
  overrides: Partial<Parameters<typeof bootBackend>[0]> = {},
): Promise<StartedServer> {
  const roles = new Set(config.ROLES);
  // The worker role needs the backend too (database, blobs): ROLES=worker alone runs ingestion.
  const needBackend = roles.has("api") || roles.has("worker") || (roles.has("web") && !config.BACKEND_URL);
  const backend = needBackend ? await bootBackend({ config, ...overrides }) : null;
  const app = new Hono();
  if (roles.has("api") && backend) app.route("/api", backend.api);
  addSecurityHeaders(app, config);
  addTrailingSlashRedirects(app);
  const vite = roles.has("web") ? await mountWeb(app, config, backend) : null;
  const worker: StartedWorker | null = roles.has("worker") && backend ? startWorker(backend.deps) : null;
  const server = await listen(app, config, vite);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  return {
    url: `http://localhost:${port}`,
    backend,
    async close() {
      await worker?.close();
      await closeWorkerThreads();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await backend?.close();
    },
  };
}

function addSecurityHeaders(app: Hono, config: Config): void {
  // Firebase's Google popup reports back through `window.opener`, which "same-origin" would cut.
  const popupSignIn = config.IDENTITY_PROVIDER === "firebase" && config.FIREBASE_GOOGLE_SIGN_IN;
  app.use(
    "*",
    secureHeaders({
      crossOriginOpenerPolicy: popupSignIn ? "same-origin-allow-popups" : "same-origin",
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: false,
      xFrameOptions: "DENY",
      // Not "no-referrer": under it Chromium posts forms with `Origin: null`, which React Router
      // refuses as cross-origin, and forms without JavaScript would break.
      referrerPolicy: "same-origin",
    }),
  );
}

function addTrailingSlashRedirects(app: Hono): void {
  app.use("*", async (c, next) => {
    // Trailing slashes are stripped with a permanent redirect. Leading slashes are collapsed so
    // that "//evil.example/" cannot become a protocol-relative redirect.
    const url = new URL(c.req.url);
    if (url.pathname.length > 1 && url.pathname.endsWith("/") && !url.pathname.startsWith("/api/")) {
      const clean = `/${url.pathname.replace(/^\/+/, "").replace(/\/+$/, "")}`;
      return c.redirect(`${clean}${url.search}`, 301);
    }
    await next();
  });
}

/** The web role: CSRF guards, the build (Vite in development), static files and SSR. Returns Vite's middleware in development. */
async function mountWeb(app: Hono, config: Config, backend: Backend | null): Promise<ViteMiddleware | null> {
  // Mutations must come from our own pages, with the body type their route reads (CSRF).
  // X-Forwarded-Proto/Host are believed only from a TRUST_PROXY peer; otherwise hosts compare
  // scheme-agnostically.
  const proxies = trustedProxies(config.TRUST_PROXY);
  const direct = sameOrigin({ publicUrl: config.PUBLIC_URL });
  const proxied = sameOrigin({ publicUrl: config.PUBLIC_URL, trustProxy: true });
  app.use(
    "*",
    (c, next) => {
      return (isTrustedProxy(socketPeer(c), proxies) ? proxied : direct)(c, next);
    },
    formActionsOnly(),
  );
  const transport: ApiTransport = config.BACKEND_URL
    ? httpTransport(config.BACKEND_URL)
    : inProcessTransport(backend!.api);
  const publicEnv = publicEnvOf(config);
  const dev = config.NODE_ENV === "development";
  const { getBuild, vite } = dev ? await viteBuild() : await productionBuild(app, publicEnv);
  const handle = createRequestHandler(getBuild, dev ? "development" : "production");
  const csp = pageCsp(config);
  app.all("*", (c) => {
    return handle(c.req.raw, {
      apiTransport: transport,
      cookieSecure: config.COOKIE_SECURE,
      // Sent to the API as X-Forwarded-For; the API believes it in-process, or over HTTP
      // (BACKEND_URL) when this process is in the API's TRUST_PROXY.
      clientAddress: clientAddress(socketPeer(c), c.req.header("x-forwarded-for"), proxies),
      publicEnv,
      csp: csp(),
    });
  });
  return vite;
}

/** What the browser may know of the configuration. */
function publicEnvOf(config: Config): PublicEnv {
  return {
    productName: config.PRODUCT_NAME,
    supportEmail: config.SUPPORT_EMAIL,
    supportUrl: config.SUPPORT_URL ?? null,
    // With Firebase, Google sign-in is the web SDK's popup, on when the project has Google enabled.
    googleEnabled: config.IDENTITY_PROVIDER === "firebase" ? config.FIREBASE_GOOGLE_SIGN_IN : config.googleEnabled,
    requireSignupCode: config.REQUIRE_SIGNUP_CODE,
    googlePicker: googlePickerOf(config),
    firebase:
      config.IDENTITY_PROVIDER === "firebase"
        ? {
            apiKey: config.FIREBASE_API_KEY!,
            authDomain: config.FIREBASE_AUTH_DOMAIN!,
            projectId: config.FIREBASE_PROJECT_ID!,
            emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST ?? null,
          }
        : null,
    commitHash: buildInfo(config).commit,
    buildTime: "",
    contactSalesUrl: config.CONTACT_SALES_URL ?? null,
    statusUrl: config.STATUS_URL ?? null,
    trustUrl: config.TRUST_URL ?? null,
    communityChatUrl: config.COMMUNITY_CHAT_URL ?? null,
    accountDeletionUrl: config.ACCOUNT_DELETION_URL ?? null,
    analyticsEndpoint: config.ANALYTICS_ENDPOINT ?? null,
  };
}

interface WebBuild {
  getBuild: () => Promise<ServerBuild>;
  vite: ViteMiddleware | null;
}

async function viteBuild(): Promise<WebBuild> {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  return {
    vite: vite.middlewares,
    getBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  };
}

/** The built app and its static files (build/client); sets the build time in the public env. */
async function productionBuild(app: Hono, publicEnv: PublicEnv): Promise<WebBuild> {
  const buildFile = path.resolve("build/server/index.js");
  if (!fs.existsSync(buildFile))
    throw new Error("No web build found: run `npm run build` first (npm start does it for you).");
  const build = (await import(buildFile)) as ServerBuild;
  publicEnv.buildTime = fs.statSync(buildFile).mtime.toISOString();
  // Gzip static assets and page documents only. Streamed single-fetch data (.data) and action
  // responses stay uncompressed: buffered by the compressor, they slowed navigations down.
  // Event streams (the agent's answers, relayed by app/lib/sse-relay.server.ts) are never
  // compressed either: hono's filter skips text/event-stream and `cache-control: no-transform`.
  const gzip = compress();
  app.use("*", (c, next) => (c.req.method === "GET" && !c.req.path.endsWith(".data") ? gzip(c, next) : next()));
  app.use(
    "/media/*",
    serveStatic({ root: "build/client", onFound: (_p, c) => c.header("cache-control", "public, max-age=86400") }),
  );
  app.use(
    "/assets/*",
    serveStatic({
      root: "build/client",
      onFound: (_p, c) => c.header("cache-control", "public, max-age=31536000, immutable"),
    }),
  );
  app.use("*", serveStatic({ root: "build/client" }));
  return { getBuild: async () => build, vite: null };
}

async function listen(app: Hono, config: Config, vite: ViteMiddleware | null): Promise<http.Server> {
  const listener = getRequestListener(app.fetch);
  // In development Vite answers what it knows (modules, HMR) and the rest falls through to the app.
  const server = createNodeServer((req, res) => {
    if (vite && !req.url?.startsWith("/api")) vite(req, res, () => listener(req, res));
    else listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  return server;
}

function isMain(): boolean {
  return process.argv[1] ? path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname) : false;
}

if (isMain()) {
  let config: Config;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  // With WEB_CONCURRENCY > 1 this process only forks and watches the copies that serve.
  if (!(await forkServers(config))) await serve(config);
}

/** The address of the socket a request came in on (@hono/node-server passes the Node request). */
function socketPeer(c: Context): string | undefined {
  return (c.env as { incoming?: http.IncomingMessage } | undefined)?.incoming?.socket.remoteAddress;
}

async function serve(config: Config) {
  const started = await startServer(config);
  console.log(
    `Analyst Workspace (${config.ROLES.join(", ")}) on ${started.url} · data in ${config.DATA_DIR} · database ${started.backend?.deps.db.dialect ?? "remote"}`,
  );
  const stop = async () => {
    await started.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
