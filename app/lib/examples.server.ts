import { listExamples, type BuiltExample } from "../../contracts/examples.ts";
import type { ApiClient } from "./api-client.ts";

/** The example pods built on this server, by slug (none when the API does not answer). */
export async function builtExamples(api: ApiClient): Promise<Record<string, BuiltExample>> {
  try {
    const { examples } = await api.call(listExamples);
    return Object.fromEntries(examples.map((e) => [e.slug, e]));
  } catch {
    return {};
  }
}
