import { makePdf } from "./documents/make-pdf.ts";
import { startFakeServer, type FakeServer } from "./fake-http.ts";

/** The access token the fake Drive accepts (what a stubbed Google sign-in hands the page). */
export const DRIVE_TOKEN = "ya29.e2e-drive-token";
/** Files in the fake Drive by id. */
export const DRIVE_FILES: Record<string, { name: string; mimeType: string; bytes: Buffer }> = {
  "1AbCdEf-report": {
    name: "Drive annual report.pdf",
    mimeType: "application/pdf",
    bytes: Buffer.from(makePdf([[{ text: "Picked from Google Drive: the annual report.", x: 72, y: 700 }]])),
  },
};

/**
 * A local Google Drive v3 for the e2e server (GOOGLE_DRIVE_API_URL): a file's metadata and its
 * bytes (alt=media) with the right bearer token; 401 or 404 as Drive answers otherwise.
 */
export async function startFakeDrive(): Promise<FakeServer & { env: Record<string, string> }> {
  const routes: Parameters<typeof startFakeServer>[0] = {};
  for (const [id, f] of Object.entries(DRIVE_FILES)) {
    routes[`GET /drive/v3/files/${id}`] = (req, res, url) => {
      if (req.headers.authorization !== `Bearer ${DRIVE_TOKEN}`) {
        res.writeHead(401, { "content-type": "application/json" }).end('{"error":{"code":401}}');
        return;
      }
      if (url.searchParams.get("alt") === "media") res.writeHead(200, { "content-type": f.mimeType }).end(f.bytes);
      else
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ id, name: f.name, mimeType: f.mimeType, size: String(f.bytes.length) }));
    };
  }
  const server = await startFakeServer(routes);
  return Object.assign(server, { env: { GOOGLE_DRIVE_API_URL: server.url } });
}
