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

export function endpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, const A extends Auth>(
  e: Endpoint<P, Q, B, R, A>,
): Endpoint<P, Q, B, R, A> {
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
export type EndpointInput<E> = E extends Endpoint<infer P, infer Q, infer B, z.ZodType, Auth>
  ? (z.ZodType extends P ? { params?: undefined } : { params: Input<P> }) &
      (z.ZodType extends Q ? { query?: undefined } : { query: Input<Q> }) &
      (z.ZodType extends B ? { body?: undefined } : { body: Input<B> })
  : never;
