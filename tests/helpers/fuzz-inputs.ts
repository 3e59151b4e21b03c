import fc from "fast-check";

/**
 * Hostile inputs for the OpenAPI-driven fuzz test (tests/integration/api-fuzz.test.ts): strings,
 * JSON values, path segments and bodies built from an operation's JSON Schema. Values that must
 * name a real resource of the test's fixture are left as `{ $real: kind }` markers, filled in at
 * send time (the fixture can be rebuilt between operations).
 */

/** A JSON Schema as /api/openapi.json writes it (only the keywords our contracts produce). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** A resource of the fixture, by kind; see api-fuzz.test.ts for what each names. */
export type RealKind =
  "workspace" | "thread" | "file" | "version" | "message" | "accountFile" | "prompt" | "code" | "blob";
export interface RealRef {
  $real: RealKind;
}

export const FTS_SYNTAX = [
  '"',
  '"unterminated',
  "NEAR(",
  "NEAR(a b, 2)",
  "*",
  "a*",
  "-",
  "-a",
  "OR",
  "a OR",
  "^",
  "^a",
  "AND",
  "NOT",
  "(",
  ")",
  "a:b",
  "{a b}",
  "+",
  "''",
  "a' OR '1'='1",
  "\\",
  "%",
  "_",
];

const HUGE = "x".repeat(1024 * 1024);

export const HOSTILE_STRINGS: string[] = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "a\udfffb",
  "\udc00\ud800",
  "\u{1F4C8}",
  "\uFEFF\u202E\u200B",
  "\r\n\t",
  "../../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "%00",
  "<script>alert(1)</script>",
  "'; drop table users; --",
  "__proto__",
  "constructor",
  "prototype",
  "NaN",
  "-1",
  "1e309",
  "true",
  "null",
  "00000000-0000-0000-0000-000000000000",
  "http://127.0.0.1:1/",
  "file:///etc/passwd",
  "javascript:alert(1)",
  "a".repeat(10_001),
  HUGE,
  ...FTS_SYNTAX,
];

/** Strings a field should refuse or store faithfully: the corpus, FTS syntax soup, arbitrary unicode, lone surrogates. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  {
    arbitrary: fc
      .array(fc.constantFrom(...FTS_SYNTAX, "revenue", "a", "b"), { minLength: 1, maxLength: 8 })
      .map((w) => w.join(" ")),
    weight: 2,
  },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  {
    arbitrary: fc
      .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 })
      .map((codes) => String.fromCharCode(...codes)),
    weight: 1,
  },
);

/** JSON text: `depth` arrays (or objects) inside each other around `inner`. */
export function deepNest(depth: number, kind: "array" | "object" = "array", inner = "1"): string {
  return kind === "array"
    ? "[".repeat(depth) + inner + "]".repeat(depth)
    : '{"a":'.repeat(depth) + inner + "}".repeat(depth);
}

/**
 * A value nested `$deep` levels, written into the body's JSON text only when it is sent: fast-check
 * prints (and shrinks) values recursively, which a value 100,000 deep would overflow.
 */
export interface DeepRef {
  $deep: number;
  kind: "array" | "object";
}

/** An object whose own keys are __proto__ / constructor / prototype (JSON.parse makes them own properties). */
const protoObject = fc
  .constantFrom(
    '{"__proto__":{"admin":true,"role":"admin"}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"prototype":null,"__proto__":[]}',
    '{"toString":1,"hasOwnProperty":"x","valueOf":{}}',
  )
  .map((t) => JSON.parse(t) as unknown);

/** Any JSON value, biased toward the wrong type, the edge number, the odd key and the deep tree. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  {
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      -0,
      1.5,
      2 ** 31,
      2 ** 53 + 1,
      -(2 ** 63),
      1e308,
      [],
      {},
      [null],
      [""],
    ),
    weight: 3,
  },
  { arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), weight: 1 },
  { arbitrary: protoObject, weight: 1 },
  {
    arbitrary: fc.record<DeepRef>({
      $deep: fc.constantFrom(40, 1_000, 100_000),
      kind: fc.constantFrom("array", "object"),
    }),
    weight: 1,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

/** A value the schema accepts, or nearly: what a well-meaning client would send. */
export function fromSchema(s: JsonSchema, name = ""): fc.Arbitrary<unknown> {
  if (s.anyOf || s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf)!.map((x) => fromSchema(x, name)));
  if (s.enum) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "string":
      return (
        realFor(name) ??
        fc
          .string({
            minLength: Math.max(1, s.minLength ?? 1),
            maxLength: Math.min(s.maxLength ?? 20, 20),
            unit: "grapheme-ascii",
          })
          .map((v) => (s.pattern ? v.replace(/[^A-Za-z0-9_.:-]/g, "_") : v))
      );
    case "integer":
      return fc.integer({ min: s.minimum ?? 0, max: Math.min(s.maximum ?? 1000, 1000) });
    case "number":
      return fc.double({ min: s.minimum ?? 0, max: Math.min(s.maximum ?? 1000, 1000), noNaN: true });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(fromSchema(s.items ?? {}, name.replace(/s$/, "")), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 3, 3),
      });
    case "object": {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, fromSchema(v, k)])), {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function realFor(name: string): fc.Arbitrary<RealRef> | null {
  const kind: RealKind | undefined = (
    { file_id: "file", version_id: "version", message_id: "message", from: "version", to: "version" } as const
  )[name as "file_id"];
  return kind ? fc.constant({ $real: kind }) : null;
}

/** A body for `schema`: well formed, with some fields hostile, with extra odd keys, or hostile as a whole. */
export function hostileBody(schema: JsonSchema): fc.Arbitrary<unknown> {
  const props = Object.keys(schema.properties ?? {});
  const base = fromSchema(schema);
  if (schema.type !== "object" || !props.length) return fc.oneof(base, hostileValue);
  const mutated = fc
    .tuple(
      base,
      fc.subarray(props, { minLength: 1 }),
      fc.array(hostileValue, { minLength: props.length, maxLength: props.length }),
    )
    .map(([b, keys, values]) => ({ ...(b as object), ...Object.fromEntries(keys.map((k, i) => [k, values[i]])) }));
  // Spread, not Object.assign: assigning "__proto__" would set the prototype instead of adding the key.
  const extraKeys = fc.tuple(base, protoObject).map(([b, p]) => ({ ...(b as object), ...(p as object) }));
  return fc.oneof(
    { arbitrary: mutated, weight: 5 },
    { arbitrary: base, weight: 1 },
    { arbitrary: extraKeys, weight: 1 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

/** One path segment: a real id of the right kind, a well-formed id of nothing, or hostile (already percent-encoded). */
export type PathValue = { real: true } | { raw: string };
export const hostilePathValue: fc.Arbitrary<PathValue> = fc.oneof(
  { arbitrary: fc.constant({ real: true as const }), weight: 4 },
  {
    arbitrary: fc
      .constantFrom(
        "%00",
        "a%00b",
        "%ZZ",
        "%ED%A0%80",
        "%C0%AF",
        "..",
        "%2e%2e%2f%2e%2e",
        "%20",
        "-1",
        "0",
        "1e309",
        "undefined",
        "null",
        "00000000-0000-0000-0000-000000000000",
        "x".repeat(2000),
      )
      .map((raw) => ({ raw })),
    weight: 3,
  },
  {
    arbitrary: hostileString
      .filter((v) => v.length <= 600)
      .map((v) => ({ raw: encodeURIComponent(v.replace(/[\ud800-\udfff]/g, "")) })),
    weight: 2,
  },
);

/** A query value (raw, percent-encoded). */
export const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "%00",
    "%ZZ",
    "%ED%A0%80",
    "-1",
    "0",
    "abc",
    "1e309",
    "9999999999999999999",
    "1.5",
    "",
    "true",
    "x".repeat(1000),
    "__proto__",
    "[]",
  ),
  hostileString.filter((v) => v.length <= 300).map((v) => encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ""))),
);
