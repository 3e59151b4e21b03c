import { createApiClient } from "../../app/lib/api-client.ts";
import type { Endpoint, EndpointInput, EndpointResponse } from "../../contracts/endpoint.ts";
import { AppError, type ErrorBody } from "../../contracts/errors.ts";

export interface ApiCallOptions {
  token?: string;
  forwardedFor?: string;
  userAgent?: string;
}

export interface ApiResult<E extends Endpoint> {
  status: number;
  headers: Headers;
  /** The 2xx answer, already checked against the endpoint's response schema. On an error it holds the
   *  error envelope instead (untyped: read `error`), so `JSON.stringify(res.body)` in a failure message says what went wrong. */
  body: EndpointResponse<E>;
  /** A non-2xx answer's error ({ code, message, fields? }) as the web tier's client rebuilds it (undefined on success). */
  error: ErrorBody["error"] | undefined;
}

export type ApiCaller = <E extends Endpoint>(e: E, input: EndpointInput<E> & ApiCallOptions) => Promise<ApiResult<E>>;

/**
 * Typed calls to the API at `url`, through the web tier's own client (app/lib/api-client.ts) and
 * the contracts' endpoint declarations: paths, params and bodies are checked by the compiler, and a
 * success body that does not match the declared response schema fails the test.
 */
export function typedCaller(url: string): ApiCaller {
  return async <E extends Endpoint>(e: E, input: EndpointInput<E> & ApiCallOptions): Promise<ApiResult<E>> => {
    const { token, forwardedFor, userAgent, ...call } = input;
    let res: Response | undefined;
    const client = createApiClient(
      async (p, init) => {
        res = await fetch(`${url}${p}`, init);
        return res;
      },
      { token, forwardedFor, userAgent },
    );
    try {
      // The client's rest parameter is typed per endpoint; `call` is that input, minus our options.
      const callAny = client.call as (e: E, input: object) => Promise<EndpointResponse<E>>;
      const body = await callAny(e, call);
      const checked = e.response.safeParse(body);
      if (!checked.success)
        throw new Error(
          `${e.method.toUpperCase()} ${e.path}: the answer does not match its contract: ${checked.error.message}`,
        );
      return { status: res!.status, headers: res!.headers, body, error: undefined };
    } catch (err) {
      if (!(err instanceof AppError) || !res) throw err;
      return { status: res.status, headers: res.headers, body: err.toBody() as never, error: err.toBody().error };
    }
  };
}
