import { describe, expect, it } from "vitest";
import { reprofileAll } from "../../backend/ingestion/backfill-profiles.ts";
import { PROFILE_RULES } from "../../backend/ingestion/profile.ts";
import { sweep } from "../../backend/worker.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import * as filesApi from "../../contracts/files.ts";
import { makePdf } from "../helpers/documents/make-pdf.ts";
import type { CreatedUser } from "../helpers/factories.ts";
import { uploadFile } from "../helpers/files.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { useWorkspaceApp } from "../helpers/workspace-app.ts";

let app: TestApp;
let alice: CreatedUser;
let ws: { id: string };
useWorkspaceApp((s) => ({ app, alice, ws } = s));

/**
 * `npm run reprofile`, and the worker's sweep after an upgrade: profiles made by older rules are
 * derived again from the stored pages.
 */
describe("reprofileAll", () => {
  it("derives every document's profile again from its stored pages", async () => {
    const order = makePdf([
      [
        { text: "Presidential Documents", x: 72, y: 720 },
        { text: "Executive Order 14155 of January 20, 2025", x: 72, y: 700 },
        { text: "Withdrawing the United States From the World Health Organization", x: 72, y: 680 },
        { text: "By the authority vested in me as President by the Constitution and the", x: 72, y: 660 },
        { text: "laws of the United States of America, it is hereby ordered:", x: 72, y: 640 },
      ],
    ]);
    const file = await uploadFile(app, alice.token, ws.id, {
      filename: "scan0042.pdf",
      bytes: Buffer.from(order),
      contentType: "application/pdf",
    });
    await drainQueue(app.deps, { limits: { ocrPdfPages: false } });
    const profile = async () =>
      (await app.api(filesApi.listFiles, { params: { id: ws.id }, query: {}, token: alice.token })).body.files.find(
        (f) => f.id === file.id,
      )?.document;
    const derived = await profile();
    expect(derived).toMatchObject({ kind: "executive order", period: "2025" });
    // What an older rule stored: the order taken for a constitution, titled by a running header.
    await app.deps.db.kysely
      .updateTable("documents")
      .set({ kind: "constitution", profile_title: "Federal Register / Vol. 90", period: null })
      .where("file_id", "=", file.id)
      .execute();
    expect((await profile())?.kind).toBe("constitution");

    expect(await reprofileAll(app.deps.db.kysely)).toBeGreaterThanOrEqual(1);
    expect(await profile()).toEqual(derived);
    expect(derived?.title).toBe(
      "Executive Order 14155: Withdrawing the United States From the World Health Organization",
    );

    // Stored by an older version of the rules: the worker's sweep derives it again by itself.
    await app.deps.db.kysely
      .updateTable("documents")
      .set({ kind: "constitution", profile_title: "Federal Register / Vol. 90", profiled: PROFILE_RULES - 1 })
      .where("file_id", "=", file.id)
      .execute();
    await sweep(app.deps);
    expect(await profile()).toEqual(derived);
    const row = await app.deps.db.kysely
      .selectFrom("documents")
      .select("profiled")
      .where("file_id", "=", file.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.profiled)).toBe(PROFILE_RULES);
  });
});
