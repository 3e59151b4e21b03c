import { describe, expect, it } from "vitest";
import { heartbeatIntervalMs } from "../platform/jobs/heartbeat.ts";
import { sweepIntervalMs } from "./sweep-stuck.ts";

describe("heartbeat and sweep timing", () => {
  it("beats every 10 s, or often enough for a short stuck threshold to see three beats", () => {
    expect(heartbeatIntervalMs(60_000)).toBe(10_000);
    expect(heartbeatIntervalMs(30 * 60_000)).toBe(10_000);
    expect(heartbeatIntervalMs(1500)).toBe(500);
  });

  it("sweeps every half threshold, at most once a minute", () => {
    expect(sweepIntervalMs(60_000)).toBe(30_000);
    expect(sweepIntervalMs(10 * 60_000)).toBe(60_000);
    expect(sweepIntervalMs(1500)).toBe(750);
  });
});
