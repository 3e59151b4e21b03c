import type { GooglePickerConfig } from "../../lib/load-context.ts";

/** The slice of Google's gapi / Identity Services / Picker globals this file uses. */
interface PickerBuilder {
  addView(view: unknown): PickerBuilder;
  setOAuthToken(token: string): PickerBuilder;
  setDeveloperKey(key: string): PickerBuilder;
  setAppId(id: string): PickerBuilder;
  enableFeature(feature: unknown): PickerBuilder;
  setCallback(cb: (data: PickerResult) => void): PickerBuilder;
  build(): { setVisible(v: boolean): void };
}
interface PickerResult {
  action: string;
  docs?: { id: string; name: string }[];
}
interface GoogleGlobals {
  gapi: { load(lib: string, cb: () => void): void };
  google: {
    accounts: {
      oauth2: {
        initTokenClient(o: {
          client_id: string;
          scope: string;
          callback: (r: { access_token?: string; error?: string; error_description?: string }) => void;
          error_callback?: (e: { type: string; message?: string }) => void;
        }): { requestAccessToken(o?: { prompt?: string }): void };
      };
    };
    picker: {
      PickerBuilder: new () => PickerBuilder;
      DocsView: new () => unknown;
      Feature: { MULTISELECT_ENABLED: unknown };
      Action: { PICKED: string; CANCEL: string };
    };
  };
}

const SCRIPTS = ["https://apis.google.com/js/api.js", "https://accounts.google.com/gsi/client"];
/** Only drive.file: the app sees the files the user picks, nothing else of their Drive. */
const SCOPE = "https://www.googleapis.com/auth/drive.file";

function loadScript(src: string): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
  if (existing?.dataset.loaded) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const s = existing ?? document.createElement("script");
    s.addEventListener("load", () => {
      s.dataset.loaded = "1";
      resolve();
    });
    s.addEventListener("error", () => reject(new Error("Google Drive could not be loaded. Try again later.")));
    if (!existing) {
      s.src = src;
      s.async = true;
      document.head.append(s);
    }
  });
}

export interface PickedFiles {
  accessToken: string;
  docs: { id: string; name: string }[];
}

/**
 * Loads Google's scripts (only now, and only on a server with the Picker configured), asks the
 * user for a drive.file token, and shows the Picker. Resolves with the picked files and the token,
 * or null when the user cancels.
 */
export async function pickFromDrive(config: GooglePickerConfig): Promise<PickedFiles | null> {
  await Promise.all(SCRIPTS.map(loadScript));
  const g = window as unknown as GoogleGlobals;
  await new Promise<void>((resolve) => g.gapi.load("picker", resolve));
  const accessToken = await new Promise<string>((resolve, reject) => {
    g.google.accounts.oauth2
      .initTokenClient({
        client_id: config.clientId,
        scope: SCOPE,
        callback: (r) =>
          r.access_token
            ? resolve(r.access_token)
            : reject(new Error(r.error_description ?? "Google did not grant access to Drive.")),
        error_callback: (e) =>
          reject(
            new Error(e.type === "popup_closed" ? "The Google sign-in window was closed." : (e.message ?? e.type)),
          ),
      })
      .requestAccessToken({ prompt: "" });
  });
  const p = g.google.picker;
  return new Promise((resolve) => {
    new p.PickerBuilder()
      .addView(new p.DocsView())
      .enableFeature(p.Feature.MULTISELECT_ENABLED)
      .setOAuthToken(accessToken)
      .setDeveloperKey(config.apiKey)
      .setAppId(config.appId)
      .setCallback((data) => {
        if (data.action === p.Action.PICKED) resolve({ accessToken, docs: data.docs ?? [] });
        else if (data.action === p.Action.CANCEL) resolve(null);
      })
      .build()
      .setVisible(true);
  });
}
