/**
 * The Firebase web SDK in the browser (IDENTITY_PROVIDER=firebase), loaded only when a sign-in or
 * sign-up needs it. It signs in at Firebase (or the emulator) and hands back the ID token, which
 * the server exchanges for our session (POST /api/auth/session); the SDK keeps no state of its
 * own beyond the redirect fallback's note in sessionStorage.
 */
import type { Auth } from "firebase/auth";
import type { FirebaseWebConfig } from "./load-context.ts";

let auth: Promise<Auth> | null = null;

function getFirebaseAuth(config: FirebaseWebConfig) {
  auth ??= (async () => {
    const { initializeApp } = await import("firebase/app");
    const { connectAuthEmulator, initializeAuth, inMemoryPersistence } = await import("firebase/auth");
    const app = initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
    // In memory: the session that counts is the server's httpOnly cookie.
    const a = initializeAuth(app, { persistence: inMemoryPersistence });
    if (config.emulatorHost) connectAuthEmulator(a, `http://${config.emulatorHost}`, { disableWarnings: true });
    return a;
  })();
  return auth;
}

/** The ID token of the SDK's signed-in user; the SDK then forgets the user (our cookie is the session). */
async function handOver(a: Auth, user: { getIdToken(): Promise<string> }): Promise<string> {
  const token = await user.getIdToken();
  const { signOut } = await import("firebase/auth");
  await signOut(a);
  return token;
}

/** The ID token of a successful email/password sign-in; throws the SDK's error otherwise. */
export async function idTokenForPassword(config: FirebaseWebConfig, email: string, password: string): Promise<string> {
  const a = await getFirebaseAuth(config);
  const { signInWithEmailAndPassword } = await import("firebase/auth");
  const credential = await signInWithEmailAndPassword(a, email, password);
  return handOver(a, credential.user);
}

/** Sign-up's custom token (minted by the server after it claimed the signup code) for an ID token. */
export async function idTokenForCustomToken(config: FirebaseWebConfig, customToken: string): Promise<string> {
  const a = await getFirebaseAuth(config);
  const { signInWithCustomToken } = await import("firebase/auth");
  const credential = await signInWithCustomToken(a, customToken);
  return handOver(a, credential.user);
}

/** What a Google sign-in left for the page that continues it after a redirect. */
export interface PendingGoogleSignIn {
  signupCode: string;
  returnTo: string;
}

const PENDING_KEY = "analyst:google-redirect";
/** Popups this browser will not open: the full-page redirect does the same. */
const USE_REDIRECT = new Set(["auth/popup-blocked", "auth/operation-not-supported-in-this-environment"]);

/**
 * Google sign-in in a popup (profile and email scopes). Resolves with the ID token, or with null
 * when the browser refused the popup and the page is leaving for the redirect instead
 * (`idTokenFromRedirect` finishes it). Throws the SDK's error otherwise, e.g.
 * auth/popup-closed-by-user.
 */
export async function idTokenForGoogle(
  config: FirebaseWebConfig,
  pending: PendingGoogleSignIn,
): Promise<string | null> {
  const a = await getFirebaseAuth(config);
  const { browserPopupRedirectResolver, GoogleAuthProvider, signInWithPopup, signInWithRedirect } =
    await import("firebase/auth");
  const provider = new GoogleAuthProvider();
  provider.addScope("profile");
  provider.addScope("email");
  try {
    const credential = await signInWithPopup(a, provider, browserPopupRedirectResolver);
    return await handOver(a, credential.user);
  } catch (err) {
    if (!USE_REDIRECT.has(firebaseErrorCode(err) ?? "")) throw err;
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
    await signInWithRedirect(a, provider, browserPopupRedirectResolver);
    return null;
  }
}

/** After the redirect fallback came back: its ID token and what the page had asked for, or null. */
export async function idTokenFromRedirect(
  config: FirebaseWebConfig,
): Promise<{ idToken: string; pending: PendingGoogleSignIn } | null> {
  const stored = sessionStorage.getItem(PENDING_KEY);
  if (!stored) return null;
  sessionStorage.removeItem(PENDING_KEY);
  const pending = JSON.parse(stored) as PendingGoogleSignIn;
  const a = await getFirebaseAuth(config);
  const { browserPopupRedirectResolver, getRedirectResult } = await import("firebase/auth");
  const credential = await getRedirectResult(a, browserPopupRedirectResolver);
  return credential ? { idToken: await handOver(a, credential.user), pending } : null;
}

/** The `auth/...` code of a web SDK error, or null for anything else. */
export function firebaseErrorCode(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("auth/") ? code : null;
}
