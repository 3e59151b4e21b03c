import http from "node:http";

/**
 * How long an idle kept-alive connection stays open, in ms. Node's default, 5 s, is under the
 * idle timeouts of the proxies put in front of us (AWS ALB 60 s) and close to what clients read
 * from our `Keep-Alive: timeout=` hint (Node 20's fetch, undici 6, reuses a socket until the hint
 * less two seconds, and its timer can run late on a loaded machine): a request written on a
 * connection the server is closing at that moment fails with "other side closed" (a proxy
 * answers 502). Outlasting them means the client side closes first.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** An HTTP server for `listener` that keeps idle connections open KEEP_ALIVE_TIMEOUT_MS. */
export function createNodeServer(listener: http.RequestListener): http.Server {
  const server = http.createServer(listener);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return server;
}
