/**
 * zod compiles fast parsers with `new Function`, which the pages' Content-Security-Policy forbids
 * (even zod's probe for it is reported as a violation). Schemas probe when they are built, and
 * route modules build theirs before entry.client runs, so root.tsx imports this module first.
 * Only in the browser: on the server the same zod serves the in-process API, JIT on.
 *
 * zod keeps its config on `globalThis.__zod_globalConfig` (created by whichever copy loads first,
 * so every copy shares it); setting it here means pages without schemas, like the landing, don't
 * load zod at all. zod-jitless.test.ts checks that zod reads this object.
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

export function makeZodJitless(): void {
  const g = globalThis as ZodGlobal;
  g.__zod_globalConfig = Object.assign(g.__zod_globalConfig ?? {}, { jitless: true });
}

if (typeof document !== "undefined") makeZodJitless();
