import path from "node:path";

/**
 * Where a spec's screenshots for a person to look at go: test-results/shots/<name> (not committed),
 * or SHOTS_DIR/<name>.
 */
export const shotsDir = (name: string) => path.resolve(process.env.SHOTS_DIR ?? "test-results/shots", name);
