import type { Executor } from "../platform/db/index.ts";
import { listingPages } from "./listing.ts";
import { listUnmarkedListingVersions, listVersionPageTexts, markListingPages } from "./repo.ts";

/**
 * Marks the listing pages (listing.ts) of versions indexed before migration 0012, from their
 * stored passages; new versions get the mark as they are indexed. Returns how many versions it read.
 */
export async function backfillListing(db: Executor, batch = 100): Promise<number> {
  let done = 0;
  for (;;) {
    const versions = await listUnmarkedListingVersions(db, batch);
    for (const { version_id } of versions) {
      const passages = await listVersionPageTexts(db, version_id);
      const pages = listingPages(passages.map((p) => ({ page: Number(p.page), text: p.text })));
      await markListingPages(db, { versionId: version_id, pages: [...pages] });
    }
    done += versions.length;
    if (versions.length < batch) return done;
  }
}
