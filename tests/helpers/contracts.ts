import type { Endpoint } from "../../contracts/endpoint.ts";
import type { RawEndpoint } from "../../contracts/raw-endpoints.ts";

// Every contract module, found by glob so a new file's endpoints are covered without edits here.
const modules = import.meta.glob<Record<string, unknown>>(["../../contracts/*.ts", "!../../contracts/*.test.ts"], {
  eager: true,
});

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

function isEndpoint(v: unknown): v is Endpoint {
  if (!v || typeof v !== "object") return false;
  const e = v as Partial<Endpoint>;
  return (
    typeof e.method === "string" &&
    METHODS.has(e.method) &&
    typeof e.path === "string" &&
    e.path.startsWith("/") &&
    !!e.response &&
    typeof e.status === "number"
  );
}

export interface NamedEndpoint {
  /** module:export, for test names. */
  name: string;
  endpoint: Endpoint;
}

/** Every endpoint exported from contracts/*.ts. */
export function allEndpoints(): NamedEndpoint[] {
  const found: NamedEndpoint[] = [];
  for (const [file, mod] of Object.entries(modules)) {
    const module = file.split("/").pop()!.replace(/\.ts$/, "");
    for (const [name, value] of Object.entries(mod))
      if (isEndpoint(value)) found.push({ name: `${module}:${name}`, endpoint: value });
  }
  return found;
}

function isRawEndpoint(v: unknown): v is RawEndpoint {
  if (!v || typeof v !== "object" || isEndpoint(v)) return false;
  const e = v as Partial<RawEndpoint>;
  return (
    typeof e.method === "string" &&
    METHODS.has(e.method) &&
    typeof e.path === "string" &&
    e.path.startsWith("/") &&
    typeof e.response?.contentType === "string"
  );
}

/** Every non-JSON endpoint (form data, raw bytes, zip and event streams) exported from contracts/*.ts. */
export function allRawEndpoints(): RawEndpoint[] {
  const found = new Set<RawEndpoint>();
  for (const mod of Object.values(modules))
    for (const value of Object.values(mod)) if (isRawEndpoint(value)) found.add(value);
  return [...found];
}

/** The path with every {param} filled in. */
export function concretePath(e: Endpoint, value = "ABCD-EFGH-JKMN"): string {
  return e.path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}
