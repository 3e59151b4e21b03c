/** The parts of a citation that say where it points (a Citation or a ViewerTarget). */
export interface CitedSpot {
  version_id: string;
  page: number;
  quote: string | null;
}

const spot = (c: CitedSpot) => `${c.version_id}\u0000${c.page}\u0000${c.quote ?? ""}`;

/**
 * The citations the viewer steps through with Previous / Next: every cited spot of the thread once
 * (answers often cite the same passage twice), in the order they were given, and where `current`
 * is among them (-1 when it is not a citation, e.g. a file opened from the list).
 */
export function citationSteps<C extends CitedSpot>(all: C[], current: CitedSpot): { steps: C[]; index: number } {
  const seen = new Set<string>();
  const steps = all.filter((c) => !seen.has(spot(c)) && Boolean(seen.add(spot(c))));
  return { steps, index: current.quote === null ? -1 : steps.findIndex((c) => spot(c) === spot(current)) };
}
