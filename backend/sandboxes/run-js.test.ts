import { describe, expect, it } from "vitest";
import { SandboxError } from "./errors.ts";
import { runJs } from "./run-js.ts";

/** Each hostile script must be refused or stopped within a few seconds, and the process carry on. */
async function refused(code: string, message: RegExp, data?: unknown): Promise<number> {
  const started = Date.now();
  const err = await runJs(code, data).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SandboxError);
  expect((err as Error).message).toMatch(message);
  const ms = Date.now() - started;
  expect(ms).toBeLessThan(9_000);
  return ms;
}

describe("runJs", () => {
  it("returns the last expression's value, with data and console output", async () => {
    const out = await runJs("console.log('rows', data.length, {a: 1}); data.reduce((s, r) => s + r.v, 0)", [
      { v: 1.5 },
      { v: 2 },
    ]);
    expect(out).toEqual({ result: 3.5, logs: ['rows 2 {"a":1}'] });
  });

  it("takes a top-level return, settles a promise, and serialises objects and BigInts", async () => {
    expect(
      (await runJs("const x = [1, 2, 3].map((n) => n * 2);\nreturn { x, big: 10n ** 20n };", undefined)).result,
    ).toEqual({ x: [2, 4, 6], big: "100000000000000000000" });
    expect((await runJs("Promise.resolve(7).then((n) => n * 6)", undefined)).result).toBe(42);
    expect((await runJs("undefined", undefined)).result).toBeNull();
  });

  it("caps the result and the logs", async () => {
    const out = await runJs("for (let i = 0; i < 5000; i++) console.log('line ' + i); 'y'.repeat(100000)", undefined);
    expect(out.result_truncated).toBe(true);
    expect((out.result as string).length).toBe(20_000);
    expect(out.logs_truncated).toBe(true);
    expect(out.logs.join("").length).toBeLessThanOrEqual(10_000);
  });

  it("reports a thrown error and a syntax error to the model", async () => {
    await refused("throw new Error('nope')", /^Error: nope/);
    await refused("let = ;", /^SyntaxError/);
  });

  it("has no host access: require, process, fetch, timers and other globals are absent", async () => {
    const out = await runJs(
      "[typeof require, typeof process, typeof fetch, typeof setTimeout, typeof std, typeof os, typeof import.meta === 'undefined']",
      undefined,
    ).catch((e: Error) => e);
    // import.meta is a syntax error in a script: nothing host-side to reach.
    expect(out).toBeInstanceOf(SandboxError);
    const probe = await runJs(
      "[typeof require, typeof process, typeof fetch, typeof setTimeout, typeof std, typeof os, typeof WebAssembly, typeof Deno]",
      undefined,
    );
    expect(probe.result).toEqual(Array(8).fill("undefined"));
    const names = (await runJs("Object.getOwnPropertyNames(globalThis)", undefined)).result as string[];
    expect(names).toContain("JSON");
    for (const host of ["require", "process", "fetch", "module", "Buffer", "globalThis.__data"])
      expect(names).not.toContain(host);
    await refused(
      "require('fs').readFileSync('/etc/passwd', 'utf8')",
      /ReferenceError: 'require' is not defined|require/,
    );
    await refused("process.exit(1)", /process/);
    await refused("fetch('http://127.0.0.1/')", /fetch/);
    await refused("import('fs')", /fs|import|module/);
  });

  it("stops an endless loop, a memory bomb and deep recursion within seconds", async () => {
    const times = {
      loop: await refused("while (true) {}", /time limit|ran longer/),
      memory: await refused(
        "const a = []; while (true) a.push(new Array(100000).fill(a.length));",
        /out of memory|time limit|ran longer/,
      ),
      strings: await refused(
        "const a = []; for (let i = 0; ; i++) a.push('x'.repeat(100000) + i);",
        /out of memory|time limit|ran longer/,
      ),
      recursion: await refused("function f() { return f() + 1 } f()", /stack overflow/),
    };
    console.log("[js-sandbox] hostile timings (ms):", JSON.stringify(times));
    // Still healthy afterwards.
    expect((await runJs("6 * 7", undefined)).result).toBe(42);
  }, 60_000);
});
