/** Session-storage keys of the demo sign-up state (spec section 3: both hold the same data). */
export const DEMO_SIGNUP_KEYS = ["demo-signup", "demoSignupState"] as const;
export const DEMO_STATE_EXPIRY_MS = 300_000;
export const DEMO_SEND_DELAY_MS = 800;

export interface DemoSignupState {
  isProcessing: boolean;
  fromDemo: boolean;
  sampleQuery: string;
  createWorkspaceOnLoad: boolean;
  timestamp: number;
}

/** What the workspace list's "demo-start" action answers: the thread to ask in, or why not. */
export type DemoStartResult = { demo: { workspaceId: string; threadId: string } } | { demoError: string };

export function saveDemoSignup(
  sampleQuery: string,
  o: { createWorkspaceOnLoad: boolean },
  storage: Storage = sessionStorage,
  now = Date.now(),
): DemoSignupState {
  const state: DemoSignupState = {
    isProcessing: true,
    fromDemo: true,
    sampleQuery,
    createWorkspaceOnLoad: o.createWorkspaceOnLoad,
    timestamp: now,
  };
  const json = JSON.stringify(state);
  for (const key of DEMO_SIGNUP_KEYS) storage.setItem(key, json);
  return state;
}

/** The saved state, or null when absent, unreadable or older than five minutes (then removed). */
export function readDemoSignup(storage: Storage = sessionStorage, now = Date.now()): DemoSignupState | null {
  const raw = storage.getItem(DEMO_SIGNUP_KEYS[0]) ?? storage.getItem(DEMO_SIGNUP_KEYS[1]);
  if (!raw) return null;
  let state: DemoSignupState | null;
  try {
    state = JSON.parse(raw) as DemoSignupState;
  } catch {
    state = null;
  }
  if (!state || typeof state.timestamp !== "number" || now - state.timestamp > DEMO_STATE_EXPIRY_MS) {
    clearDemoSignup(storage);
    return null;
  }
  return state;
}

/**
 * The landing form's plain GET /signup?fromDemo=1&sampleQuery=... (sent before the page's script
 * ran, or without it) saved as the script would have saved it: for the landing's own sample
 * prompt only, so a link cannot make a new account ask a question of its choosing.
 */
export function adoptDemoQuery(
  search: string,
  samplePrompt: string,
  storage: Storage = sessionStorage,
  now = Date.now(),
): void {
  const p = new URLSearchParams(search);
  if (p.get("fromDemo") !== "1" || p.get("sampleQuery") !== samplePrompt || readDemoSignup(storage, now)) return;
  saveDemoSignup(samplePrompt, { createWorkspaceOnLoad: true }, storage, now);
}

/**
 * The sample query a demo start should ask now, read once: the state is removed whatever it held,
 * so a reload or a second tab of the same session starts nothing again.
 */
export function takeDemoStart(storage: Storage = sessionStorage, now = Date.now()): string | null {
  const state = readDemoSignup(storage, now);
  if (!state) return null;
  clearDemoSignup(storage);
  const query = typeof state.sampleQuery === "string" ? state.sampleQuery.trim() : "";
  return state.fromDemo && state.createWorkspaceOnLoad && query ? query : null;
}

export function clearDemoSignup(storage: Storage = sessionStorage): void {
  for (const key of DEMO_SIGNUP_KEYS) storage.removeItem(key);
}
