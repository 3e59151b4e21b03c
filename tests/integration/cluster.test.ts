/**
 * WEB_CONCURRENCY=2: `server.ts` forks two serving processes behind one port. Which process holds
 * a connection is read from Linux's /proc (socket inodes of each process against the port's
 * established connections), so the product needs no debug header for it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../helpers/test-db.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

function childPids(pid: number): number[] {
  return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
}

/** Inodes of the established TCP connections whose local port is `port`. */
function connectionInodes(port: number): Set<string> {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const rows = ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((f) =>
    fs.existsSync(f) ? fs.readFileSync(f, "utf8").trim().split("\n").slice(1) : [],
  );
  return new Set(
    rows
      .map((r) => r.trim().split(/\s+/))
      .filter((cols) => cols[1]!.endsWith(`:${hex}`) && cols[3] === "01")
      .map((cols) => cols[9]!),
  );
}

function socketInodes(pid: number): Set<string> {
  const dir = `/proc/${pid}/fd`;
  const out = new Set<string>();
  for (const fd of fs.readdirSync(dir)) {
    const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(path.join(dir, fd), { encoding: "utf8" }) ?? "");
    if (m) out.add(m[1]!);
  }
  return out;
}

// Linux only: the workers' listening sockets and open files are read from /proc.
describe.skipIf(process.platform !== "linux")("WEB_CONCURRENCY", () => {
  let testDb: TestDb;
  let dataDir: string;
  let child: ChildProcess;
  let port: number;
  let output = "";

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aw-cluster-"));
    // Empty: the primary process migrates it before forking, which is what this covers too.
    testDb = await createTestDb({ dataDir, empty: true });
    port = await freePort();
    child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "server.ts")], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        ROLES: "api,worker",
        WEB_CONCURRENCY: "2",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: testDb.url,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (b: Buffer) => (output += b.toString()));
    child.stderr!.on("data", (b: Buffer) => (output += b.toString()));
    // Both copies announce themselves once listening.
    for (let i = 0; (output.match(/ on http:/g) ?? []).length < 2; i++) {
      if (child.exitCode !== null || i > 1200) throw new Error(`the cluster did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 150_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await testDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves one port from two processes, and only the first runs background work", async () => {
    const copies = childPids(child.pid!);
    expect(copies).toHaveLength(2);
    expect(output.match(/\(api, worker\) on http:/g)).toHaveLength(1);
    expect(output.match(/\(api\) on http:/g)).toHaveLength(1);

    // Four kept-alive connections, held open while we look: round-robin gives each copy two.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const get = () =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: "/api/health", agent }, (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode!));
          })
          .on("error", reject);
      });
    const statuses = await Promise.all(Array.from({ length: 4 }, get));
    expect(statuses).toEqual([200, 200, 200, 200]);

    const established = connectionInodes(port);
    const served = copies.map((pid) => [...socketInodes(pid)].filter((i) => established.has(i)).length);
    agent.destroy();
    expect(
      served.every((n) => n > 0),
      `connections per process: ${served.join(", ")}`,
    ).toBe(true);
  });

  it("forks a copy again when one dies", { timeout: 150_000 }, async () => {
    const [first] = childPids(child.pid!);
    process.kill(first!, "SIGKILL");
    for (let i = 0; ; i++) {
      const now = childPids(child.pid!);
      if (now.length === 2 && !now.includes(first!) && (output.match(/\(api, worker\) on http:/g) ?? []).length === 2)
        break;
      if (i > 1200) throw new Error(`no new copy:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
