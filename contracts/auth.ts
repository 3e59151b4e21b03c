import { z } from "zod";
import { emailAddress as email } from "./email.ts";
import { endpoint } from "./endpoint.ts";

const password = z.string().min(1, "Password is required").max(1024, "Password must be at most 1024 characters");
const signupCode = z.string().trim().max(128, "Signup code must be at most 128 characters");
const oobCode = z.string().min(1, "Invalid or expired action code.").max(512);
const continueUrl = z.string().max(2048).optional();

export const verificationStatus = z.enum(["verified", "pending", "suspended", "unknown"]);
export type VerificationStatus = z.infer<typeof verificationStatus>;

/** The auth user of spec section 3, plus the admin flags. */
export const authUser = z.object({
  uid: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  providerData: z.array(z.object({ providerId: z.string() })),
  metadata: z.object({ creationTime: z.string(), lastSignInTime: z.string().nullable() }),
  isAnonymous: z.boolean(),
  role: z.enum(["admin", "user"]),
  isAdmin: z.boolean(),
  verificationStatus,
});
export type AuthUser = z.infer<typeof authUser>;

export const authResult = z.object({
  token: z.string(),
  user: authUser,
  /** With IDENTITY_PROVIDER=firebase, sign-up's custom token for the web SDK (signInWithCustomToken). */
  customToken: z.string().optional(),
});
export type AuthResult = z.infer<typeof authResult>;
const ok = z.object({ ok: z.literal(true) });

export const signUp = endpoint({
  method: "post",
  path: "/auth/sign-up",
  summary: "Create an account with email and password",
  tag: "auth",
  auth: "public",
  body: z.object({ email, password, signupCode: signupCode.optional(), continueUrl }),
  response: authResult,
  status: 201,
});

export const signIn = endpoint({
  method: "post",
  path: "/auth/sign-in",
  summary: "Sign in with email and password",
  tag: "auth",
  auth: "public",
  body: z.object({ email, password }),
  response: authResult,
  status: 200,
});

export const signOut = endpoint({
  method: "post",
  path: "/auth/sign-out",
  summary: "End the session of the bearer token",
  tag: "auth",
  auth: "optional",
  response: ok,
  status: 200,
});

export const getMe = endpoint({
  method: "get",
  path: "/users/me",
  summary: "The signed-in user",
  tag: "auth",
  auth: "user",
  response: authUser,
  status: 200,
});

export const changeEmail = endpoint({
  method: "post",
  path: "/users/me/email",
  summary: "Change the account's email; the old address gets a recover-email link",
  tag: "auth",
  auth: "user",
  body: z.object({ email, continueUrl }),
  response: authUser,
  status: 200,
});

export const sendVerificationEmail = endpoint({
  method: "post",
  path: "/auth/send-verification-email",
  summary: "Send (again) the verification email to the signed-in user",
  tag: "auth",
  auth: "user",
  body: z.object({ continueUrl }).optional(),
  response: ok,
  status: 200,
});

export const requestPasswordReset = endpoint({
  method: "post",
  path: "/auth/password-reset",
  summary: "Send a password-reset email; answers the same whether or not the account exists",
  tag: "auth",
  auth: "public",
  body: z.object({ email, continueUrl }),
  response: ok,
  status: 200,
});

export const actionMode = z.enum(["verifyEmail", "resetPassword", "recoverEmail"]);
export type ActionMode = z.infer<typeof actionMode>;
export const actionInfo = z.object({ mode: actionMode, email: z.string() });

export const checkActionCode = endpoint({
  method: "post",
  path: "/auth/action-codes/check",
  summary: "Check an email-action code without using it",
  tag: "auth",
  auth: "public",
  body: z.object({ oobCode }),
  response: actionInfo,
  status: 200,
});

export const applyActionCode = endpoint({
  method: "post",
  path: "/auth/action-codes/apply",
  summary: "Use a verifyEmail or recoverEmail code",
  tag: "auth",
  auth: "public",
  body: z.object({ oobCode }),
  response: actionInfo,
  status: 200,
});

export const resetPassword = endpoint({
  method: "post",
  path: "/auth/reset-password",
  summary: "Set a new password with a resetPassword code; signs out every session",
  tag: "auth",
  auth: "public",
  body: z.object({ oobCode, newPassword: password }),
  response: actionInfo,
  status: 200,
});

export const validateSignupCode = endpoint({
  method: "post",
  path: "/auth/validate-signup-code",
  summary: "Check that a signup code can be used",
  tag: "auth",
  auth: "public",
  body: z.object({ signupCode: signupCode.min(1, "Please enter a signup code to continue") }),
  response: z.object({ valid: z.literal(true) }),
  status: 200,
});

export const startGoogleSignIn = endpoint({
  method: "post",
  path: "/auth/google/start",
  summary: "Start Google sign-in: the provider's URL, with the OAuth state cookies set on the response",
  tag: "auth",
  auth: "public",
  body: z.object({
    // A path on our own site (not "//host" or "/\host", which browsers read as another origin).
    returnTo: z
      .string()
      .max(2048)
      .regex(/^\/(?![/\\])/, "returnTo must be a path on this site"),
  }),
  response: z.object({ url: z.string() }),
  status: 200,
});

export const createSession = endpoint({
  method: "post",
  path: "/auth/session",
  summary:
    "IDENTITY_PROVIDER=firebase: exchange an ID token from the Firebase web SDK for a session (a new federated user brings a signup code when codes are required)",
  tag: "auth",
  auth: "public",
  body: z.object({ idToken: z.string().min(1).max(8192), signupCode: signupCode.optional() }),
  response: authResult,
  status: 200,
});
