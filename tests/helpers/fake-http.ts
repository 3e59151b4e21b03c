import http from "node:http";
import type { AddressInfo } from "node:net";
import { guardFake } from "./fake-guard.ts";

export type FakeHandler = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => void;

export interface FakeServer {
  url: string;
  port: number;
  /** Every request as "METHOD /path?query". */
  requests: string[];
  /** Requests no route expected; any of them fails the test (fake-guard.ts). */
  unexpected: string[];
  close(): Promise<void>;
}

/**
 * A local stand-in for an outside HTTP service. Routes are matched by "METHOD /path" (no query);
 * anything else answers 500 and is recorded in `unexpected`, which fails the running test by itself.
 */
export async function startFakeServer(routes: Record<string, FakeHandler>): Promise<FakeServer> {
  const requests: string[] = [];
  const unexpected: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.local");
    const line = `${req.method} ${url.pathname}${url.search}`;
    requests.push(line);
    const handler = routes[`${req.method} ${url.pathname}`];
    if (!handler) {
      unexpected.push(line);
      res.writeHead(500, { "content-type": "text/plain" }).end(`fake server: unexpected request ${line}`);
      return;
    }
    try {
      handler(req, res, url);
    } catch (err) {
      unexpected.push(`${line} -> handler threw ${(err as Error).message}`);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  guardFake("fake-http", unexpected);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    unexpected,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
