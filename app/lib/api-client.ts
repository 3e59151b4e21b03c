import { apiPath, type Endpoint, type EndpointInput, type EndpointResponse } from "../../contracts/endpoint.ts";
import { AppError } from "../../contracts/errors.ts";

/** How the web tier reaches the backend: in-process (same Node process) or over HTTP. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

export function inProcessTransport(api: { fetch: (req: Request) => Response | Promise<Response> }): ApiTransport {
  return async (path, init) => api.fetch(new Request(`http://in-process${path}`, init));
}

export function httpTransport(backendUrl: string): ApiTransport {
  const base = backendUrl.replace(/\/$/, "");
  return (path, init) => fetch(`${base}/api${path}`, init);
}

export interface ApiClient {
  call<E extends Endpoint>(
    e: E,
    ...input: keyof EndpointInput<E> extends never ? [] : [EndpointInput<E>] | []
  ): Promise<EndpointResponse<E>>;
}

/** The one typed client for route loaders and actions; sends the session token as a bearer. */
export function createApiClient(
  transport: ApiTransport,
  o: { token?: string | null; forwardedFor?: string | null; userAgent?: string | null } = {},
): ApiClient {
  return {
    async call(e, ...rest) {
      const input = (rest[0] ?? {}) as {
        params?: Record<string, unknown>;
        query?: Record<string, unknown>;
        body?: unknown;
      };
      const path = apiPath(e, input.params, input.query);
      const headers = new Headers({ accept: "application/json" });
      if (o.token) headers.set("authorization", `Bearer ${o.token}`);
      if (o.forwardedFor) headers.set("x-forwarded-for", o.forwardedFor);
      if (o.userAgent) headers.set("user-agent", o.userAgent);
      let body: string | undefined;
      if (input.body !== undefined) {
        headers.set("content-type", "application/json");
        body = JSON.stringify(input.body);
      }
      const res = await transport(path, { method: e.method.toUpperCase(), headers, body });
      const data: unknown = res.status === 204 ? undefined : await res.json().catch(() => undefined);
      if (!res.ok) throw AppError.fromBody(data, res.status);
      return data as EndpointResponse<typeof e>;
    },
  };
}
