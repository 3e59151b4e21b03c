import { DRIVE_FILES, DRIVE_TOKEN } from "../helpers/fake-drive.ts";
import { expect, test } from "./support/fixtures.ts";
import { ownerOnFilesPanel, SHOTS } from "./support/imports.ts";
import { badge } from "./support/indexing.ts";

// Drive import configured (dummy Picker key and app id, an OAuth client id); Drive's API is the
// local fake. Google's own scripts are stubbed in the browser: the test cannot reach Google.
test.use({
  drive: true,
  extraEnv: {
    GOOGLE_PICKER_API_KEY: "e2e-picker-key",
    GOOGLE_PICKER_APP_ID: "123456789",
    GOOGLE_CLIENT_ID: "e2e-client.apps.example",
  },
});

const [FILE_ID, FILE] = Object.entries(DRIVE_FILES)[0]!;

/** gapi + Picker: a picker that "picks" the fake Drive's file as soon as it is shown. */
const GAPI_STUB = `
window.google = window.google || {};
window.__pickerConfig = window.__pickerConfig || {};
window.gapi = { load: (lib, cb) => setTimeout(cb, 0) };
function PickerBuilder() { const b = { cb: null };
  b.addView = () => b; b.enableFeature = () => b;
  b.setOAuthToken = (t) => { window.__pickerConfig.token = t; return b; };
  b.setDeveloperKey = (k) => { window.__pickerConfig.key = k; return b; };
  b.setAppId = (a) => { window.__pickerConfig.appId = a; return b; };
  b.setCallback = (cb) => { b.cb = cb; return b; };
  b.build = () => ({ setVisible: () => setTimeout(() => b.cb({ action: "picked", docs: [{ id: ${JSON.stringify(FILE_ID)}, name: ${JSON.stringify(FILE!.name)} }] }), 0) });
  return b; }
window.google.picker = { PickerBuilder, DocsView: function () {}, Feature: { MULTISELECT_ENABLED: "multi" }, Action: { PICKED: "picked", CANCEL: "cancel" } };
`;
/** Identity Services: the token popup grants the fake Drive's token. */
const GSI_STUB = `
window.google = window.google || {};
window.google.accounts = { oauth2: { initTokenClient: (o) => { window.__pickerConfig = Object.assign(window.__pickerConfig || {}, { clientId: o.client_id, scope: o.scope });
  return { requestAccessToken: () => setTimeout(() => o.callback({ access_token: ${JSON.stringify(DRIVE_TOKEN)} }), 0) }; } } };
`;

test("Add from → Google Drive: the Picker's pick is imported through the server and indexed", async ({ page, app }) => {
  await page.route("https://apis.google.com/js/api.js", (r) =>
    r.fulfill({ contentType: "text/javascript", body: GAPI_STUB }),
  );
  await page.route("https://accounts.google.com/gsi/client", (r) =>
    r.fulfill({ contentType: "text/javascript", body: GSI_STUB }),
  );
  await ownerOnFilesPanel(page, "drive-on");
  // Google's scripts are not on the page until Drive is used.
  await expect(page.locator('script[src*="google"]')).toHaveCount(0);

  await page.getByRole("button", { name: "Add from" }).click();
  const drive = page.getByRole("list", { name: "Add from" }).getByRole("button", { name: /^Google Drive/ });
  await expect(drive).not.toHaveAttribute("aria-disabled", "true");
  await drive.click();
  const panel = page.getByRole("region", { name: "Add from Google Drive" });
  await panel.getByRole("button", { name: "Choose from Drive" }).click();
  await expect(panel.getByRole("status")).toHaveText(`${FILE!.name}: added`, { timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { __pickerConfig: unknown }).__pickerConfig)).toEqual({
    clientId: "e2e-client.apps.example",
    scope: "https://www.googleapis.com/auth/drive.file",
    token: DRIVE_TOKEN,
    key: "e2e-picker-key",
    appId: "123456789",
  });
  await page.screenshot({ path: `${SHOTS}/drive-imported-1440.png` });

  const row = page.getByRole("list", { name: "Workspace files" }).getByRole("listitem", { name: FILE!.name });
  await expect(badge(row, "Indexed")).toBeVisible({ timeout: 30_000 });
  expect(app.drive!.requests.some((r) => r.startsWith(`GET /drive/v3/files/${FILE_ID}?alt=media`))).toBe(true);
  expect(app.drive!.unexpected).toEqual([]);
});
