import { execFileSync } from "node:child_process";
import type { Config } from "../config.ts";

let cached: { commit: string; release: string } | undefined;

/** From COMMIT_HASH / RELEASE_TAG when set (release builds), else from git, else "unknown". */
export function buildInfo(config: Pick<Config, "COMMIT_HASH" | "RELEASE_TAG">): { commit: string; release: string } {
  if (cached) return cached;
  const git = (args: string[]) => {
    try {
      return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 2000 }).trim();
    } catch {
      return "";
    }
  };
  cached = {
    commit: config.COMMIT_HASH ?? (git(["rev-parse", "HEAD"]) || "unknown"),
    release: config.RELEASE_TAG ?? (git(["describe", "--tags", "--abbrev=0"]) || "untagged"),
  };
  return cached;
}
