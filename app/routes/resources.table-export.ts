import { data } from "react-router";
import { requireBody } from "../lib/body-type.server.ts";
import { exportFilename, tableExport, tableWorkbook } from "../lib/table-xlsx.server.ts";
import type { Route } from "./+types/resources.table-export";

/** Like the API's body limit: a table shown on a page is far smaller. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Any table of an answer as .xlsx: the page posts the cells it shows (JSON) and gets the
 * workbook back. It reads nothing of the visitor's data, so it needs no session.
 */
export async function action({ request }: Route.ActionArgs) {
  const refused = requireBody(request, "json");
  if (refused) return refused;
  const text = await readLimited(request, MAX_BODY_BYTES);
  if (text === null)
    return data(
      { error: { code: "payload_too_large", message: "The table is too large to export." } },
      { status: 413 },
    );
  const parsed = tableExport.safeParse(parseJson(text));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Malformed table.";
    return data({ error: { code: "validation_failed", message } }, { status: 400 });
  }
  const name = exportFilename(parsed.data.name);
  return new Response(new Uint8Array(await tableWorkbook(parsed.data)), {
    headers: {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "cache-control": "no-store",
    },
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The body as text, or null past `max` bytes (read no further). */
async function readLimited(request: Request, max: number): Promise<string | null> {
  if (Number(request.headers.get("content-length") ?? 0) > max || !request.body) return request.body ? null : "";
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  return Buffer.concat(parts).toString("utf8");
}
