import { data } from "react-router";
import { z } from "zod";
import { edgarImport, edgarList, edgarSearch } from "../../contracts/edgar.ts";
import { isAppError } from "../../contracts/errors.ts";
import { requireBody } from "../lib/body-type.server.ts";
import { apiFor } from "../lib/session.server.ts";
import type { Route } from "./+types/resources.workspace-edgar";

/** The browser's side of 'Add from → SEC EDGAR': find a company, list its filings, import one at a time. */
const step = z.discriminatedUnion("step", [
  z.object({ step: z.literal("search"), query: z.string() }),
  z.object({ step: z.literal("list"), cik: z.number(), forms: z.array(z.string()).optional() }),
  z.object({ step: z.literal("import"), cik: z.number(), accession_number: z.string() }),
]);

export async function action({ request, context, params }: Route.ActionArgs) {
  const refused = requireBody(request, "json");
  if (refused) return refused;
  const input = step.safeParse(await request.json().catch(() => null));
  if (!input.success) return data({ error: { message: "Malformed EDGAR request." } }, { status: 400 });
  const api = await apiFor(request, context);
  const s = input.data;
  try {
    if (s.step === "search") return await api.call(edgarSearch, { body: { query: s.query } });
    if (s.step === "list")
      return await api.call(edgarList, {
        body: { cik: s.cik, forms: s.forms?.length ? s.forms : undefined, limit: 40 },
      });
    return await api.call(edgarImport, {
      body: { workspace_id: params.id, cik: s.cik, accession_number: s.accession_number },
    });
  } catch (err) {
    // EDGAR's own refusals (not configured, throttled) are messages for the user too.
    if (!isAppError(err) || (err.status >= 500 && !err.code.startsWith("edgar/"))) throw err;
    return data({ error: { message: err.message } }, { status: err.status });
  }
}
