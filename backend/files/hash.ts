import crypto from "node:crypto";
import { Transform } from "node:stream";

/** A pass-through that hashes (SHA-256) and counts what flows through it. */
export function hashingCounter(): Transform & { bytes: number; digest(): string } {
  const hash = crypto.createHash("sha256");
  let hex: string | null = null;
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      t.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number; digest(): string };
  t.bytes = 0;
  t.digest = () => (hex ??= hash.digest("hex"));
  return t;
}

/** SHA-256 (hex) and size of a whole stream, read chunk by chunk. */
export async function digestStream(stream: NodeJS.ReadableStream): Promise<{ sha256: string; bytes: number }> {
  const hash = crypto.createHash("sha256");
  let bytes = 0;
  for await (const chunk of stream) {
    const b = chunk as Buffer;
    hash.update(b);
    bytes += b.length;
  }
  return { sha256: hash.digest("hex"), bytes };
}
