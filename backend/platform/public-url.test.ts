import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as PublicUrl from "./public-url.ts";

// The warning is once per process: each test loads a fresh copy of the module.
let mod: typeof PublicUrl;
beforeEach(async () => {
  vi.resetModules();
  mod = await import("./public-url.ts");
});

const logger = () => ({ warn: vi.fn() });

describe("resolvePublicUrl", () => {
  it("uses PUBLIC_URL when set, without a warning", () => {
    const log = logger();
    expect(mod.resolvePublicUrl({ PUBLIC_URL: "https://analyst.example.com", HOST: "0.0.0.0", PORT: 3000 }, log)).toBe(
      "https://analyst.example.com",
    );
    expect(log.warn).not.toHaveBeenCalled();
  });

  it("defaults to localhost quietly when the server only listens on this machine", () => {
    const log = logger();
    for (const HOST of ["localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]"]) {
      expect(mod.resolvePublicUrl({ PUBLIC_URL: undefined, HOST, PORT: 3000 }, log)).toBe("http://localhost:3000");
    }
    expect(log.warn).not.toHaveBeenCalled();
  });

  it("warns once, naming PUBLIC_URL, when unset and the server listens beyond this machine", () => {
    const log = logger();
    expect(mod.resolvePublicUrl({ PUBLIC_URL: undefined, HOST: "0.0.0.0", PORT: 8080 }, log)).toBe(
      "http://localhost:8080",
    );
    mod.resolvePublicUrl({ PUBLIC_URL: undefined, HOST: "0.0.0.0", PORT: 8080 }, log);
    mod.resolvePublicUrl({ PUBLIC_URL: undefined, HOST: "10.0.0.5", PORT: 8080 }, log);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(String(log.warn.mock.calls[0]![0])).toMatch(/PUBLIC_URL is not set.*http:\/\/localhost:8080.*0\.0\.0\.0/);
  });

  it.each(["0.0.0.0", "::", "192.168.1.10", "analyst.internal", "localhost.evil.example"])(
    "%s is not loopback",
    (host) => {
      expect(mod.isLoopbackHost(host)).toBe(false);
    },
  );
});
