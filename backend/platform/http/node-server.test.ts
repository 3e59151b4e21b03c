import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createNodeServer, KEEP_ALIVE_TIMEOUT_MS } from "./node-server.ts";

let server: http.Server;
let url: string;
beforeAll(async () => {
  server = createNodeServer((_req, res) => res.end("ok"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it("tells clients it keeps an idle connection for over a minute, longer than a proxy's idle timeout", async () => {
  const res = await fetch(url);
  await res.text();
  expect(res.headers.get("keep-alive")).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
  expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
});

// Node's default keep-alive (5 s) closed an idle socket about 6 s after its response (Node 20.20):
// the wait must pass that for this test to fail without KEEP_ALIVE_TIMEOUT_MS.
it("answers a second request on a connection idle past Node's default 5 s", async () => {
  let connections = 0;
  const count = () => connections++;
  server.on("connection", count);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<string>((resolve, reject) => {
      http
        .get(url, { agent }, (res) => {
          let body = "";
          res.on("data", (d: Buffer) => (body += d));
          res.on("end", () => resolve(body));
        })
        .on("error", reject);
    });
  try {
    expect(await get()).toBe("ok");
    await new Promise((r) => setTimeout(r, 7_500));
    expect(await get()).toBe("ok");
    expect(connections, "both requests on one connection").toBe(1);
  } finally {
    agent.destroy();
    server.off("connection", count);
  }
}, 15_000);
