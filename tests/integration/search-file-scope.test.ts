import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../helpers/documents/make-pdf.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createWorkspace, uploadFile } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import type { EndpointInput } from "../../contracts/endpoint.ts";
import * as searchApi from "../../contracts/search.ts";

let app: TestApp;
let alice: CreatedUser;
let ws: { id: string };
const files: { id: string }[] = [];

beforeAll(async () => {
  app = await createTestApp();
  alice = await createUser(app);
  ws = await createWorkspace(app, alice.token);
  // Interleaved uploads and two workspaces' worth of passages around the chosen files.
  for (let i = 0; i < 4; i++) {
    const pages = [0, 1, 2].map((p) => [
      { text: `Filing ${i} page ${p}: revenue ${i + p} and cash ${p} from operations`, x: 72, y: 700 },
    ]);
    files.push(
      await uploadFile(app, alice.token, ws.id, {
        filename: `filing-${i}.pdf`,
        bytes: Buffer.from(makePdf(pages)),
        contentType: "application/pdf",
      }),
    );
  }
  await drainQueue(app.deps, { limits: { ocrPdfPages: false } });
});
afterAll(() => app?.close());

type Hit = { passage_id: string; file_id: string; page: number; score: number };
const search = async (body: EndpointInput<typeof searchApi.searchWorkspace>["body"]): Promise<Hit[]> => {
  const res = await app.api(searchApi.searchWorkspace, { params: { id: ws.id }, token: alice.token, body });
  expect(res.status).toBe(200);
  return res.body.results;
};

describe("search within files", () => {
  it("returns exactly the whole-workspace ranking restricted to those files", async () => {
    const all = await search({ query: "revenue cash operations", limit: 50 });
    expect(all).toHaveLength(12);
    for (const chosen of [[files[1].id], [files[0].id, files[3].id], [files[2].id, files[1].id]]) {
      const scoped = await search({ query: "revenue cash operations", limit: 50, file_ids: chosen });
      expect(scoped.map((h) => [h.passage_id, h.score])).toEqual(
        all.filter((h) => chosen.includes(h.file_id)).map((h) => [h.passage_id, h.score]),
      );
    }
  });

  it("an unknown file id finds nothing", async () => {
    expect(await search({ query: "revenue", limit: 10, file_ids: ["00000000-0000-0000-0000-000000000000"] })).toEqual(
      [],
    );
  });
});
