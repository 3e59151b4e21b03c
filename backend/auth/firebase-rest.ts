/**
 * The Identity Toolkit REST endpoints the web SDK itself calls, for the flows the server runs on
 * the user's behalf (the no-JS forms, email-action codes). Same project as the Admin SDK; the Auth
 * emulator when FIREBASE_AUTH_EMULATOR_HOST is set.
 */
export interface IdentityToolkitOptions {
  apiKey: string;
  emulatorHost?: string;
  fetch?: typeof fetch;
}

/** An Identity Toolkit error: `reason` is its message's code ("INVALID_LOGIN_CREDENTIALS"). */
export class IdentityToolkitError extends Error {
  constructor(
    readonly reason: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface IdentityToolkit {
  signInWithPassword(email: string, password: string): Promise<{ idToken: string; localId: string }>;
  /** Uses a verify-email or recover-email code (the SDK's applyActionCode). */
  applyActionCode(oobCode: string): Promise<{ email: string; localId?: string }>;
  /** Uses a reset code to set the password (the SDK's confirmPasswordReset). */
  confirmPasswordReset(oobCode: string, newPassword: string): Promise<{ email: string }>;
}

export function createIdentityToolkit(o: IdentityToolkitOptions): IdentityToolkit {
  const base = o.emulatorHost
    ? `http://${o.emulatorHost}/identitytoolkit.googleapis.com/v1`
    : "https://identitytoolkit.googleapis.com/v1";
  const doFetch = o.fetch ?? fetch;

  async function call<T>(method: string, body: Record<string, unknown>): Promise<T> {
    const res = await doFetch(`${base}/accounts:${method}?key=${encodeURIComponent(o.apiKey)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => ({}))) as { error?: { message?: string } } & T;
    if (!res.ok) {
      const message = json.error?.message ?? `HTTP ${res.status}`;
      // "WEAK_PASSWORD : Password should be at least 6 characters": the code comes first.
      throw new IdentityToolkitError(message.split(/\s*:\s*/)[0]!.trim(), res.status, message);
    }
    return json;
  }

  return {
    signInWithPassword: (email, password) => call("signInWithPassword", { email, password, returnSecureToken: true }),
    applyActionCode: (oobCode) => call("update", { oobCode }),
    confirmPasswordReset: (oobCode, newPassword) => call("resetPassword", { oobCode, newPassword }),
  };
}
