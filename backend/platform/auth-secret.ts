import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The secret that signs sessions and upload URLs. A configured AUTH_SECRET wins; otherwise a
 * random one is generated once and kept in DATA_DIR (mode 0600) so `npm start` needs no setup
 * and sessions survive restarts.
 */
export function resolveAuthSecret(configured: string, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, ".auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  return secret;
}
