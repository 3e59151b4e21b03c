import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { loadConfig } from "../../../backend/config.ts";
import { startServer } from "../../../server.ts";
import { freePort } from "./free-port.ts";

export const SITE_ENV = {
  SUPPORT_URL: "https://support.example.com/form",
  CONTACT_SALES_URL: "https://sales.example.com/contact",
  STATUS_URL: "https://status.example.com/",
  TRUST_URL: "https://trust.example.com/",
  SUPPORT_EMAIL: "help@example.com",
  BILLING_TEST_MODE: "true",
};

export async function startSite(): Promise<{ url: string; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aw-e2e-site-"));
  const port = await freePort();
  const server = await startServer(
    loadConfig({
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...SITE_ENV,
    }),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs up through the API and puts the session cookie into the context, as the web tier would. */
export async function signIn(context: BrowserContext, baseUrl: string, email: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "correct horse battery" }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const value = encodeURIComponent(Buffer.from(JSON.stringify(token)).toString("base64"));
  await context.addCookies([{ name: "__session", value, url: baseUrl, httpOnly: true, sameSite: "Lax" }]);
}
