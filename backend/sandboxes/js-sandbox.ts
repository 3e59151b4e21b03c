import { newQuickJSWASMModule, RELEASE_SYNC, type QuickJSContext, type QuickJSHandle } from "quickjs-emscripten";
import { SandboxError } from "./errors.ts";

export interface JsLimits {
  /** Wall-clock time of the script, enforced by QuickJS's interrupt handler. */
  timeMs: number;
  /** The QuickJS heap. */
  memoryBytes: number;
  stackBytes: number;
  /** The result, as JSON text. */
  maxResultChars: number;
  /** Everything console.log printed. */
  maxLogChars: number;
  /** The `data` input, as JSON text. */
  maxDataChars: number;
}

export const defaultJsLimits: JsLimits = {
  timeMs: 3_000,
  memoryBytes: 32 * 1024 * 1024,
  // Well below V8's own stack for the WebAssembly frames, so QuickJS reports the overflow itself.
  stackBytes: 256 * 1024,
  maxResultChars: 20_000,
  maxLogChars: 10_000,
  maxDataChars: 2_000_000,
};

export interface JsResult {
  /** The value of the last expression (or of a top-level `return`), as JSON; promises are settled first. */
  result: unknown;
  /** Set when the JSON was longer than the limit: `result` is then its beginning, as text. */
  result_truncated?: true;
  logs: string[];
  logs_truncated?: true;
}

/**
 * Runs `code` in a fresh QuickJS runtime in this thread: no host objects at all (no require,
 * process, fetch, timers, modules), only `data` (a JSON copy) and a console that collects lines.
 * Prefer `runJs` (run-js.ts), which runs it off the main thread and bounds the time from outside.
 */
export async function evaluateJs(code: string, data: unknown, limits: JsLimits = defaultJsLimits): Promise<JsResult> {
  const dataJson = data === undefined ? undefined : JSON.stringify(data);
  if (dataJson !== undefined && dataJson.length > limits.maxDataChars)
    throw new SandboxError(`data is ${dataJson.length} characters of JSON; the limit is ${limits.maxDataChars}.`);
  // A fresh module per call: a script that broke the WebAssembly instance can't affect the next one.
  const module = await newQuickJSWASMModule(RELEASE_SYNC);
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  const deadline = Date.now() + limits.timeMs;
  runtime.setInterruptHandler(() => Date.now() > deadline);
  const vm = runtime.newContext();
  const logs = new Logs(limits.maxLogChars);
  try {
    installConsole(vm, logs);
    if (dataJson !== undefined) {
      const json = vm.newString(dataJson);
      vm.setProp(vm.global, "__data", json);
      json.dispose();
      unwrap(vm, vm.evalCode("globalThis.data = JSON.parse(__data); delete globalThis.__data;", "data.js")).dispose();
    }
    let evaluated = vm.evalCode(code, "code.js", { type: "global" });
    if (evaluated.error && /^SyntaxError: return/.test(errorText(vm, evaluated.error))) {
      // A top-level `return` is a syntax error in a script, raised before anything ran: run the code as a function body.
      evaluated.error.dispose();
      evaluated = vm.evalCode(`(function () {\n${code}\n})()`, "code.js", { type: "global" });
    }
    let value = unwrap(vm, evaluated);
    if (vm.typeof(value) === "object" && isPromise(vm, value)) {
      runtime.executePendingJobs();
      const state = vm.getPromiseState(value);
      value.dispose();
      if (state.type === "pending")
        throw new SandboxError("The script's promise never settled (there are no timers or I/O in the sandbox).");
      value = unwrap(vm, state.type === "fulfilled" ? { value: state.value } : { error: state.error });
    }
    const json = stringify(vm, value);
    value.dispose();
    const out: JsResult = { result: null, logs: logs.lines };
    if (logs.truncated) out.logs_truncated = true;
    if (json === undefined) return out;
    if (json.length > limits.maxResultChars)
      return { ...out, result: json.slice(0, limits.maxResultChars), result_truncated: true };
    out.result = JSON.parse(json);
    return out;
  } finally {
    vm.dispose();
    runtime.dispose();
  }
}

class Logs {
  lines: string[] = [];
  truncated = false;
  private left: number;
  constructor(max: number) {
    this.left = max;
  }
  add(line: string): void {
    if (this.left <= 0) {
      this.truncated = true;
      return;
    }
    if (line.length > this.left) this.truncated = true;
    this.lines.push(line.slice(0, this.left));
    this.left -= line.length;
  }
}

function installConsole(vm: QuickJSContext, logs: Logs): void {
  const console = vm.newObject();
  for (const name of ["log", "info", "warn", "error", "debug"]) {
    const fn = vm.newFunction(name, (...args) => {
      logs.add(
        args
          .map((a) => (vm.typeof(a) === "string" ? vm.getString(a) : (stringify(vm, a) ?? String(vm.dump(a)))))
          .join(" "),
      );
    });
    vm.setProp(console, name, fn);
    fn.dispose();
  }
  vm.setProp(vm.global, "console", console);
  console.dispose();
}

/** JSON text of a value, made inside the VM (BigInts as strings); undefined for undefined or functions. */
function stringify(vm: QuickJSContext, value: QuickJSHandle): string | undefined {
  const fn = unwrap(
    vm,
    vm.evalCode("(v) => JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? String(x) : x))", "stringify.js"),
  );
  try {
    const out = unwrap(vm, vm.callFunction(fn, vm.undefined, value));
    const text = vm.typeof(out) === "string" ? vm.getString(out) : undefined;
    out.dispose();
    return text;
  } finally {
    fn.dispose();
  }
}

function isPromise(vm: QuickJSContext, value: QuickJSHandle): boolean {
  const fn = unwrap(vm, vm.evalCode("(v) => v instanceof Promise", "is-promise.js"));
  const out = unwrap(vm, vm.callFunction(fn, vm.undefined, value));
  const yes = vm.dump(out) === true;
  out.dispose();
  fn.dispose();
  return yes;
}

function unwrap(
  vm: QuickJSContext,
  r: { value: QuickJSHandle; error?: undefined } | { error: QuickJSHandle; value?: undefined },
): QuickJSHandle {
  if (!r.error) return r.value!;
  const message = errorText(vm, r.error);
  r.error.dispose();
  throw new SandboxError(
    message === "InternalError: interrupted" ? "The script ran longer than its time limit and was stopped." : message,
  );
}

function errorText(vm: QuickJSContext, error: QuickJSHandle): string {
  const e: unknown = vm.dump(error);
  if (e && typeof e === "object" && "message" in e) {
    const { name, message } = e as { name?: unknown; message?: unknown };
    return `${typeof name === "string" ? name : "Error"}: ${String(message)}`.slice(0, 500);
  }
  return `Thrown: ${JSON.stringify(e) ?? String(e)}`.slice(0, 500);
}
