import { data } from "react-router";
import { isAppError } from "../../contracts/errors.ts";

/**
 * A workspace the visitor may not read does not exist for them: private workspaces and missing
 * ones both answer the not-found page with HTTP 404.
 */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (isAppError(err) && [401, 403, 404].includes(err.status))
      throw data(null, { status: 404, statusText: "Not Found" });
    throw err;
  }
}
