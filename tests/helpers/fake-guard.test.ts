import { afterAll, describe, expect, it } from "vitest";
import { assertNoUnexpected } from "./fake-guard.ts";
import { startFakeServer } from "./fake-http.ts";
import { startFakeOpenAI } from "./fake-openai.ts";

const http = await startFakeServer({ "GET /ok": (_req, res) => void res.writeHead(200).end("ok") });
const openai = await startFakeOpenAI();
afterAll(async () => {
  await http.close();
  await openai.close();
});

describe("fakes fail the test on an unexpected request, without the test checking", () => {
  it("lets expected requests through", async () => {
    expect((await fetch(`${http.url}/ok`)).status).toBe(200);
  });

  // The body passes; only the shared afterEach (vitest-setup.ts) can fail it, and `fails` expects that.
  it.fails("fails a test whose code hit a route the fake server does not have", async () => {
    expect((await fetch(`${http.url}/nope?x=1`, { method: "POST" })).status).toBe(500);
  });

  it.fails("fails a test that made an unscripted call to the fake language model", async () => {
    const res = await fetch(`${openai.baseURL}/chat/completions`, {
      method: "POST",
      body: JSON.stringify({ model: "m", messages: [] }),
    });
    expect(res.status).toBe(500);
  });

  it("reports each unexpected request once, naming the fake, method and path", async () => {
    await fetch(`${http.url}/other`);
    await fetch(`${openai.baseURL}/models`);
    expect(assertNoUnexpected).toThrow(/fake-http: GET \/other\n {2}fake-openai: GET \/v1\/models$/);
    // Already reported: the shared afterEach finds nothing new, so this test passes.
    expect(assertNoUnexpected).not.toThrow();
  });
});
