import { OpenAPIHono } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { rawEndpoint } from "../../../contracts/endpoint.ts";
import type { AppEnv } from "./context.ts";
import { isStreamedRequest, rawRoute } from "./raw-route.ts";

const response = { status: 200, contentType: "application/octet-stream", description: "bytes" };

describe("isStreamedRequest", () => {
  it("is true only for the method and path of an endpoint declared streamed, with or without /api", async () => {
    const app = new OpenAPIHono<AppEnv>();
    const guard = async () => {};
    rawRoute(
      app,
      guard,
      rawEndpoint({
        method: "put",
        path: "/blobs/{token}",
        tag: "t",
        summary: "s",
        auth: "public",
        binaryBody: true,
        streamed: true,
        response,
      }),
      async () => new Response(),
    );
    rawRoute(
      app,
      guard,
      rawEndpoint({ method: "get", path: "/blobs/{token}", tag: "t", summary: "s", auth: "public", response }),
      async () => new Response(),
    );
    expect(isStreamedRequest(app, "PUT", "/blobs/abc")).toBe(true);
    expect(isStreamedRequest(app, "PUT", "/api/blobs/abc")).toBe(true);
    expect(isStreamedRequest(app, "GET", "/blobs/abc")).toBe(false);
    expect(isStreamedRequest(app, "PUT", "/blobs/abc/more")).toBe(false);
    expect(isStreamedRequest(app, "PUT", "/v1/blobs/abc")).toBe(false);
    expect(isStreamedRequest(new OpenAPIHono<AppEnv>(), "PUT", "/blobs/abc")).toBe(false);
  });
});
