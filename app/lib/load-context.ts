import type { ApiTransport } from "./api-client.ts";
import type { PageCsp } from "./csp.server.ts";

/** What server.ts hands every loader and action. */
declare module "react-router" {
  interface AppLoadContext {
    apiTransport: ApiTransport;
    cookieSecure: "auto" | "true" | "false";
    clientAddress?: string;
    publicEnv: PublicEnv;
    /** This response's Content-Security-Policy and its script nonce (HTML pages only use it). */
    csp: PageCsp;
  }
}

/** The Firebase web SDK's config (IDENTITY_PROVIDER=firebase): public by design. */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** host:port of the Auth emulator, when used. */
  emulatorHost: string | null;
}

export interface GooglePickerConfig {
  apiKey: string;
  appId: string;
  clientId: string;
}

/** The explicit subset of configuration the browser may see. */
export interface PublicEnv {
  /** Set with IDENTITY_PROVIDER=firebase: the sign-in form then signs in with the web SDK. */
  firebase: FirebaseWebConfig | null;
  productName: string;
  supportEmail: string;
  supportUrl: string | null;
  googleEnabled: boolean;
  /** Google Drive import's Picker: set when GOOGLE_PICKER_API_KEY, GOOGLE_PICKER_APP_ID and GOOGLE_CLIENT_ID are. */
  googlePicker: GooglePickerConfig | null;
  requireSignupCode: boolean;
  commitHash: string;
  buildTime: string;
  contactSalesUrl: string | null;
  statusUrl: string | null;
  trustUrl: string | null;
  communityChatUrl: string | null;
  accountDeletionUrl: string | null;
  analyticsEndpoint: string | null;
}

export {};
