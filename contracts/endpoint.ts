import type { z } from "zod";

export type Auth = "public" | "optional" | "user" | "admin";

/**
 * One API call, described once: the backend registers it (and documents it in
 * /api/openapi.json) from this, and the typed client calls it from this.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends Auth = Auth,
> {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI style: /workspaces/{id} */
  path: string;
  summary: string;
  tag: string;
  /** Who may call it; checked by the backend before the handler runs. */
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  status: 200 | 201 | 202 | 204;
}

export function endpoint<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  const A extends Auth,
>(e: Endpoint<P, Q, B, R, A>): Endpoint<P, Q, B, R, A> {
  return e;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : never;
type Input<T> = T extends z.ZodType ? z.input<T> : never;

export type EndpointParams<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType, Auth> ? Infer<P> : never;
export type EndpointQuery<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType, Auth> ? Infer<Q> : never;
export type EndpointBody<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType, Auth> ? Infer<B> : never;
export type EndpointResponse<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R, Auth> ? Infer<R> : never;

/**
 * What a caller passes: only the parts the endpoint declares. A part left out of the declaration
 * infers as the bare `z.ZodType` constraint, which is how "not declared" is recognised.
 */
export type EndpointInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType, Auth>
    ? (z.ZodType extends P ? { params?: undefined } : { params: Input<P> }) &
        (z.ZodType extends Q ? { query?: undefined } : { query: Input<Q> }) &
        (z.ZodType extends B ? { body?: undefined } : { body: Input<B> })
    : never;

/** "Not declared": a part left out of a declaration infers as the bare `z.ZodType` constraint. */
type Declared<T, Else = undefined> = z.ZodType extends T ? Else : T extends z.ZodType ? z.output<T> : Else;

/**
 * A call whose request or response is not JSON (form data, raw bytes, zip and event streams). It
 * is declared like the others (the backend registers, guards, validates and documents it from
 * this; the web tier relays to it from this) but its handler writes the response by hand.
 */
export interface RawEndpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  F extends z.ZodType = z.ZodType,
  A extends Auth = Auth,
  S extends boolean = boolean,
> {
  method: "get" | "post" | "put";
  path: string;
  summary: string;
  tag: string;
  auth: A;
  params?: P;
  /** Query parameters, validated like the other endpoints'. */
  query?: Q;
  /** Text fields of a form (multipart/form-data or urlencoded), validated with this schema; each
   *  field's `.describe()` documents it. */
  form?: F;
  /** The binary part (field `file`) of a multipart form, which the handler streams itself. */
  file?: { description: string };
  /** Raw request bytes (PUT to a signed URL). */
  binaryBody?: boolean;
  /** A JSON request body, validated like the other endpoints' (the response is what is raw); an
   *  empty body is validated as `undefined`, so an optional schema makes the body optional. */
  jsonBody?: B;
  /** The handler streams the request body to storage with its own limit: the JSON body limit
   *  skips it, and a form's fields are validated by the handler as it reads them. */
  streamed?: S;
  response: { contentType: string; schema?: z.ZodType; description: string; status: number };
}

export function rawEndpoint<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  F extends z.ZodType,
  const A extends Auth,
  S extends boolean,
>(e: RawEndpoint<P, Q, B, F, A, S>): RawEndpoint<P, Q, B, F, A, S> {
  return e;
}

export type RawParams<E> = E extends RawEndpoint<infer P, z.ZodType, z.ZodType, z.ZodType, Auth> ? Declared<P> : never;
export type RawQuery<E> = E extends RawEndpoint<z.ZodType, infer Q, z.ZodType, z.ZodType, Auth> ? Declared<Q> : never;
export type RawBody<E> = E extends RawEndpoint<z.ZodType, z.ZodType, infer B, z.ZodType, Auth> ? Declared<B> : never;
export type RawForm<E> = E extends RawEndpoint<z.ZodType, z.ZodType, z.ZodType, infer F, Auth> ? Declared<F> : never;

/** What a relay passes to reach a raw endpoint: its path params (if it declares any) and query. */
export type RawPathInput<E> =
  E extends RawEndpoint<infer P, infer Q, z.ZodType, z.ZodType, Auth>
    ? (z.ZodType extends P ? { params?: undefined } : { params: Input<P> }) &
        (z.ZodType extends Q ? { query?: undefined } : { query?: Input<Q> })
    : never;

/**
 * The API path of a call (relative to /api): each `{name}` filled with its URI-encoded value, and
 * the query (undefined and null values left out) appended.
 */
export function apiPath(
  e: { path: string },
  params?: Record<string, unknown>,
  query?: Record<string, unknown>,
): string {
  let path = e.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? "")));
  if (query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) qs.set(k, String(v));
    const s = qs.toString();
    if (s) path += `?${s}`;
  }
  return path;
}
