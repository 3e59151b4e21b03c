import type { AppLoadContext } from "react-router";
import { apiPath, type RawEndpoint, type RawPathInput } from "../../contracts/endpoint.ts";
import { getSessionToken } from "./session.server.ts";

export type RelayInit<E> = RawPathInput<E> & {
  body?: ReadableStream<Uint8Array> | null;
  contentType?: string | null;
  accept?: string;
  /** Request headers to pass on as they are (e.g. Range and If-Range for a file's bytes). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * Passes a request whose body or answer is not JSON (multipart uploads, zip streams) to a raw
 * endpoint of the API (its method and path from the declaration) with the visitor's bearer token.
 * The browser never sees the token: it lives in the httpOnly session cookie that only the web
 * tier reads.
 */
export async function relayToApi<E extends RawEndpoint>(
  request: Request,
  context: AppLoadContext,
  e: E,
  init: RelayInit<E>,
): Promise<Response> {
  const to = init as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const path = apiPath(e, to.params, to.query);
  const headers = new Headers(init.headers);
  const token = await getSessionToken(request, context);
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (init.contentType) headers.set("content-type", init.contentType);
  if (init.accept) headers.set("accept", init.accept);
  const length = request.headers.get("content-length");
  if (init.body && length) headers.set("content-length", length);
  if (context.clientAddress) headers.set("x-forwarded-for", context.clientAddress);
  // `duplex` lets a streamed request body through without buffering it (Node's fetch needs it).
  return context.apiTransport(path, {
    method: e.method.toUpperCase(),
    headers,
    body: init.body ?? undefined,
    signal: init.signal,
    duplex: "half",
  } as RequestInit);
}
