/** An inclusive byte range of a file, as `Range: bytes=start-end` names it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * What a `Range` header asks of a file of `size` bytes (RFC 9110 §14):
 * - `none`: no header, another unit, a malformed or multi-range header: answer 200 with everything
 *   (a server may ignore a Range it does not serve; several ranges would need multipart/byteranges);
 * - `unsatisfiable`: a well-formed single range that starts past the end: answer 416;
 * - `range`: the bytes to send with 206, clamped to the file (`a-`, `a-b`, suffix `-n`).
 */
export type RangeRequest = { kind: "none" } | { kind: "unsatisfiable" } | { kind: "range"; range: ByteRange };

export function parseRange(header: string | null | undefined, size: number): RangeRequest {
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? "");
  if (!m) return { kind: "none" };
  const [, a, b] = m as unknown as [string, string, string];
  if (a === "" && b === "") return { kind: "none" };
  if (a === "") {
    // A suffix: the last n bytes (all of them when n is larger than the file).
    const n = Number(b);
    if (n === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "range", range: { start: Math.max(0, size - n), end: size - 1 } };
  }
  const start = Number(a);
  // An end before the start makes the header invalid (ignored), not unsatisfiable.
  if (b !== "" && Number(b) < start) return { kind: "none" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "range", range: { start, end: b === "" ? size - 1 : Math.min(Number(b), size - 1) } };
}

/** `Content-Range` for a 206 (`bytes a-b/size`) or, without a range, for a 416 (`bytes *\/size`). */
export function contentRange(size: number, range?: ByteRange): string {
  return range ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`;
}

/**
 * Whether an `If-Range` validator still matches the representation: only then is a range served;
 * otherwise the whole file goes out with 200 (the client's cached part is stale). Strong ETags only.
 */
export function ifRangeHolds(ifRange: string | null | undefined, etag: string): boolean {
  if (!ifRange) return true;
  return ifRange.trim() === etag;
}
