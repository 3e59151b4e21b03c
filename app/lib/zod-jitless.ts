import { z } from "zod";

/**
 * zod compiles fast parsers with `new Function`, which the pages' Content-Security-Policy forbids
 * (even zod's probe for it is reported as a violation). Schemas probe when they are built, and
 * route modules build theirs before entry.client runs, so root.tsx imports this module first.
 * Only in the browser: on the server the same zod serves the in-process API, JIT on.
 */
if (typeof document !== "undefined") z.config({ jitless: true });
