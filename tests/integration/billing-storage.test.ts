import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_ENV, subscribe } from "../helpers/billing.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { startFakeServer, type FakeServer } from "../helpers/fake-http.ts";
import { blobFiles, createWorkspace, postMultipart, uploadFile } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * Storage per plan with billing on: a "tiny" plan of 0.000001 GB (1073 bytes, GB = 1024^3).
 * Uploads and imports over it are refused with 413 billing/storage-exceeded before their bytes
 * are stored; without a plan, before a URL is even fetched.
 */
const QUOTA = Math.floor(0.000001 * 1024 ** 3);
let app: TestApp;
let remote: FakeServer;
let fetched = 0;

beforeAll(async () => {
  remote = await startFakeServer({
    "GET /big.csv": (_req, res) => {
      fetched++;
      res.writeHead(200, { "content-type": "text/csv", "content-length": "2000" }).end("x".repeat(2000));
    },
  });
  const plans = {
    plans: [
      {
        name: "Tiny",
        product_type: "tiny",
        monthly_price: 1,
        storage_quota: 0.000001,
        compute_credits_quota: 10,
        description: "",
        price_id: "price_tiny",
      },
    ],
  };
  app = await createTestApp({ ...BILLING_ENV, BILLING_PLANS: JSON.stringify(plans), URL_IMPORT_ALLOW_PRIVATE: "true" });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await remote?.close();
});

async function subscriber(plan: boolean): Promise<CreatedUser & { ws: string }> {
  const u = await createUser(app);
  if (plan) await subscribe(app, u.user.uid, { productType: "tiny" });
  return { ...u, ws: (await createWorkspace(app, u.token)).id };
}

const reserveRes = (u: CreatedUser & { ws: string }, n: number) =>
  app.request("POST", `/workspaces/${u.ws}/files/generate_upload_url`, { token: u.token, body: { byte_size: n } });

describe("a plan's storage", () => {
  it("takes files up to the plan's quota and refuses the one over it before any bytes move", async () => {
    const u = await subscriber(true);
    expect((await app.request("GET", "/users/me/storage", { token: u.token })).body).toEqual({
      used_storage: 0,
      storage_quota: QUOTA,
    });
    await uploadFile(app, u.token, u.ws, { bytes: Buffer.alloc(1000, "a") });
    const blobs = await blobFiles(app);
    const over = await reserveRes(u, 100);
    expect(over.status).toBe(413);
    expect(over.body.error.code).toBe("billing/storage-exceeded");
    expect(over.body.error.message).toMatch(/Tiny plan.*Subscription page/);
    expect(await blobFiles(app)).toEqual(blobs);
    expect((await reserveRes(u, QUOTA - 1000)).status).toBe(200);
  });

  it("refuses a URL import whose announced size is over the quota before storing it", async () => {
    const u = await subscriber(true);
    const blobs = await blobFiles(app);
    const res = await postMultipart(app, `/workspaces/${u.ws}/files/download_from_url`, {
      token: u.token,
      fields: { url: `${remote.url}/big.csv` },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("billing/storage-exceeded");
    expect(await blobFiles(app)).toEqual(blobs);
    const files = await app.deps.db.kysely
      .selectFrom("files")
      .select("id")
      .where("owner_id", "=", u.user.uid)
      .execute();
    expect(files).toEqual([]);
  });

  it("without a plan: uploads and imports refused, the URL never fetched", async () => {
    const u = await subscriber(false);
    const before = fetched;
    const res = await postMultipart(app, `/workspaces/${u.ws}/files/download_from_url`, {
      token: u.token,
      fields: { url: `${remote.url}/big.csv` },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("billing/storage-exceeded");
    expect(res.body.error.message).toMatch(/no plan/);
    expect(fetched).toBe(before);
    const lib = await postMultipart(app, "/users/me/files/upload", {
      token: u.token,
      file: { name: "a.txt", bytes: Buffer.from("abc") },
    });
    expect(lib.status).toBe(413);
    expect(lib.body.error.code).toBe("billing/storage-exceeded");
    expect((await reserveRes(u, 1)).body.error.code).toBe("billing/storage-exceeded");
  });
});
