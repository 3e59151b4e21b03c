/**
 * The Firebase web SDK in the browser (IDENTITY_PROVIDER=firebase), loaded only when the sign-in
 * form is used. It signs in at Firebase (or the emulator) and hands back the ID token, which the
 * server exchanges for our session (POST /api/auth/session); the SDK keeps no state of its own.
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

/** The ID token of a successful email/password sign-in; throws the SDK's error otherwise. */
export async function idTokenForPassword(config: FirebaseWebConfig, email: string, password: string): Promise<string> {
  const a = await getFirebaseAuth(config);
  const { signInWithEmailAndPassword, signOut } = await import("firebase/auth");
  const credential = await signInWithEmailAndPassword(a, email, password);
  const token = await credential.user.getIdToken();
  await signOut(a);
  return token;
}
