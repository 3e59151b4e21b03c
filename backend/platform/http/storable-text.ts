import { AppError } from "../../../contracts/errors.ts";

/**
 * Text no database of ours can store as it came: NUL (PostgreSQL refuses it in text, `invalid
 * byte sequence for encoding "UTF8": 0x00`, so it used to be a 500) and UTF-16 surrogates without
 * their pair (no UTF-8 spelling; drivers silently turn them into U+FFFD). Refused at the edge, for
 * both databases alike, rather than stripped: bad input is never quietly replaced.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, "g");

export function isStorableText(s: string): boolean {
  return !UNSTORABLE.test(s);
}

/**
 * The dotted path of the first string or object key in `value` that cannot be stored (`where`
 * names the value itself), or null. Walked without recursion: a deeply nested JSON value must not
 * overflow the stack.
 */
export function findUnstorableText(value: unknown, where: string): string | null {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: "" }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { v, path } = item;
    if (typeof v === "string") {
      if (!isStorableText(v)) return path || where;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: join(path, String(i)) });
    } else if (v && typeof v === "object" && !(v instanceof Date)) {
      for (const [key, child] of Object.entries(v)) {
        if (!isStorableText(key)) return join(path, key.replace(UNSTORABLE_ALL, "?")) || where;
        stack.push({ v: child, path: join(path, key) });
      }
    }
  }
  return null;
}

/** Throws 400 validation_failed naming the field when `value` holds text that cannot be stored. */
export function assertStorableText(value: unknown, where: string): void {
  const field = findUnstorableText(value, where);
  if (field === null) return;
  throw new AppError("validation_failed", "The request is not valid. Check the highlighted fields.", {
    [field]: `${field} contains a character that cannot be stored (a NUL byte or an unpaired surrogate)`,
  });
}
