import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Deps } from "../deps.ts";
import { createDiskStore } from "../platform/blobs/disk-store.ts";
import type { Actor } from "../platform/http/context.ts";
import { storeStream } from "./upload.ts";

let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "aw-upload-"));
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

it("a source that fails before the store starts reading is refused, not an uncaught error or a hang", async () => {
  const disk = createDiskStore({ root, secret: "s" });
  // The store awaits something (as the disk store's mkdir does) before it reads the body.
  const blobs = {
    ...disk,
    put: async (...a: Parameters<typeof disk.put>) => (await new Promise((r) => setTimeout(r, 50)), disk.put(...a)),
  };
  // Billing off (no Stripe key): nothing checks the plan's storage before the bytes move.
  const deps = { blobs, config: {} } as unknown as Deps;
  const body = new PassThrough();
  body.write("partial");
  setTimeout(() => body.destroy(new Error("the remote server went away")), 10);
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);
  process.on("uncaughtException", onUncaught);
  try {
    const stored = storeStream(deps, {
      actor: { user: { id: "u" } } as Actor,
      scope: "workspace",
      workspaceId: "w",
      filename: "a.csv",
      contentType: "text/csv",
      body,
      maxBytes: 100,
    });
    await expect(stored).rejects.toThrow("the remote server went away");
  } finally {
    process.off("uncaughtException", onUncaught);
  }
  expect(uncaught).toEqual([]);
  expect(await fs.readdir(root, { recursive: true }).then((names) => names.filter((n) => n.endsWith(".part")))).toEqual(
    [],
  );
});
