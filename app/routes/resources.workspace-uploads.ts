import { data } from "react-router";
import { z } from "zod";
import { deleteFile, finalizeUpload, generateUploadUrl } from "../../contracts/files.ts";
import { isAppError } from "../../contracts/errors.ts";
import { requireBody } from "../lib/body-type.server.ts";
import { apiFor } from "../lib/session.server.ts";
import type { Route } from "./+types/resources.workspace-uploads";

/**
 * The browser's side of the presigned upload: it asks here for an upload URL, PUTs the bytes
 * straight to that URL, then asks here to finalize (or to drop a reservation whose PUT failed).
 */
const step = z.discriminatedUnion("step", [
  z.object({
    step: z.literal("start"),
    byte_size: z.number().int().min(0),
    content_type: z.string().max(255).optional(),
  }),
  z.object({
    step: z.literal("finalize"),
    file_id: z.string().min(1),
    filename: z.string(),
    byte_size: z.number().int().min(0),
    checksum: z.string(),
  }),
  z.object({ step: z.literal("abandon"), file_id: z.string().min(1) }),
]);

export async function action({ request, context, params }: Route.ActionArgs) {
  const refused = requireBody(request, "json");
  if (refused) return refused;
  const input = step.safeParse(await request.json().catch(() => null));
  if (!input.success) return data({ error: { message: "Malformed upload request." } }, { status: 400 });
  const api = await apiFor(request, context);
  const s = input.data;
  try {
    if (s.step === "start")
      return await api.call(generateUploadUrl, {
        params: { id: params.id },
        body: { byte_size: s.byte_size, content_type: s.content_type },
      });
    if (s.step === "finalize") {
      const body = { filename: s.filename, byte_size: s.byte_size, checksum: s.checksum };
      return await api.call(finalizeUpload, { params: { id: params.id, fid: s.file_id }, body });
    }
    return await api.call(deleteFile, { params: { id: params.id, fid: s.file_id } });
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    return data({ error: { message: err.message } }, { status: err.status });
  }
}
