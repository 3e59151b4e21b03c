import crypto from "node:crypto";

/**
 * Tokens for our own upload/download URLs (the disk store): the operation, key, expiry, size
 * limit and content type are inside the token and covered by an HMAC, so changing any of them
 * (or using a GET token to PUT) invalidates it.
 */
export interface BlobGrant {
  op: "put" | "get";
  key: string;
  /** Unix seconds */
  exp: number;
  maxBytes?: number;
  contentType?: string;
  filename?: string;
}

export function signGrant(secret: string, grant: BlobGrant): string {
  const payload = Buffer.from(JSON.stringify(grant)).toString("base64url");
  const sig = crypto.createHmac("sha256", secret).update(payload).digest("base64url");
  return `${payload}.${sig}`;
}

export type GrantCheck = { ok: true; grant: BlobGrant } | { ok: false; reason: "invalid" | "expired" };

export function verifyGrant(secret: string, token: string, now = Date.now()): GrantCheck {
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return { ok: false, reason: "invalid" };
  const expected = crypto.createHmac("sha256", secret).update(payload).digest();
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
    return { ok: false, reason: "invalid" };
  let grant: BlobGrant;
  try {
    grant = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as BlobGrant;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (typeof grant.exp !== "number" || grant.exp * 1000 < now) return { ok: false, reason: "expired" };
  return { ok: true, grant };
}
