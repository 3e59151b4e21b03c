import { AppError } from "../../contracts/errors.ts";
import * as raw from "../../contracts/raw-endpoints.ts";
import * as c from "../../contracts/search.ts";
import type { Deps } from "../deps.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { rawRoute } from "../platform/http/raw-route.ts";
import { route, type Guard } from "../platform/http/route.ts";
import { findFiles } from "./find-files.ts";
import { searchWorkspace } from "./service.ts";

export function registerSearchRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  route(app, guard, c.searchWorkspace, async ({ actor, params, body }) =>
    searchWorkspace(deps, {
      actor,
      workspaceId: params.id,
      query: body.query,
      fileIds: body.file_ids,
      limit: body.limit,
    }),
  );

  // NDJSON, one event a line, flushed as each is found; a failure after the first byte becomes an
  // error event (the status is already sent).
  rawRoute(app, guard, raw.findFiles, async ({ c: ctx, actor, body }) => {
    const { query, option } = body;
    const signal = ctx.req.raw.signal;
    const encoder = new TextEncoder();
    const events = findFiles(deps, { actor, query, option, signal });
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await events.next();
          if (next.done) return controller.close();
          controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
        } catch (err) {
          const e = err instanceof AppError ? err : null;
          if (!e) deps.log.error("[find_files]", err);
          controller.enqueue(
            encoder.encode(
              `${JSON.stringify({ type: "error", code: e?.code ?? "internal", message: e?.message ?? "The search failed." })}\n`,
            ),
          );
          controller.close();
        }
      },
      async cancel() {
        await events.return(undefined);
      },
    });
    return new Response(stream, {
      headers: {
        "content-type": "application/x-ndjson; charset=utf-8",
        "cache-control": "no-store",
        "x-accel-buffering": "no",
      },
    });
  });
}
