import type { Config } from "../../backend/config.ts";
import type { GooglePickerConfig } from "./load-context.ts";

type PickerVars = Partial<Pick<Config, "GOOGLE_PICKER_API_KEY" | "GOOGLE_PICKER_APP_ID" | "GOOGLE_CLIENT_ID">>;

/**
 * Drive import's Picker, when the server has what it needs: a browser API key, the Cloud project's
 * app id and the OAuth client the access token is asked from. Without all three the menu says so.
 */
export function googlePickerOf(config: PickerVars): GooglePickerConfig | null {
  const { GOOGLE_PICKER_API_KEY: apiKey, GOOGLE_PICKER_APP_ID: appId, GOOGLE_CLIENT_ID: clientId } = config;
  return apiKey && appId && clientId ? { apiKey, appId, clientId } : null;
}

/** Google's hosts the Picker needs (its scripts, OAuth token popup, the picker frame, Drive calls). */
export const GOOGLE_PICKER_HOSTS = {
  script: ["https://apis.google.com", "https://accounts.google.com"],
  frame: ["https://docs.google.com", "https://accounts.google.com", "https://content.googleapis.com"],
  connect: ["https://www.googleapis.com", "https://content.googleapis.com", "https://accounts.google.com"],
} as const;
