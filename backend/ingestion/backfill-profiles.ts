import type { Executor } from "../platform/db/index.ts";
import { deriveProfile, PROFILE_PAGES, SIGNED_KINDS, signatoryOf } from "./profile.ts";
import {
  listFirstPageTexts,
  listUnprofiledDocuments,
  markAllDocumentsUnprofiled,
  updateDocumentProfile,
} from "./repo.ts";

/**
 * Profiles documents indexed before profiles existed, or profiled by older rules, from their
 * stored pages (the metadata author is not kept, so only the title and text speak). Returns how
 * many it profiled.
 */
export async function backfillProfiles(db: Executor, batch = 200): Promise<number> {
  let done = 0;
  for (;;) {
    const docs = await listUnprofiledDocuments(db, batch);
    for (const d of docs) {
      const pages = await listFirstPageTexts(db, { versionId: d.version_id, count: PROFILE_PAGES });
      let profile = deriveProfile({ fileName: d.filename, title: d.title, pages });
      // A letter is signed at its end: its pages are all read for who signed it.
      if (profile.kind && SIGNED_KINDS.has(profile.kind)) {
        const all = await listFirstPageTexts(db, { versionId: d.version_id, count: Number(d.page_count) });
        profile = deriveProfile({ fileName: d.filename, title: d.title, pages, signatory: signatoryOf(all) });
      }
      await updateDocumentProfile(db, { versionId: d.version_id, profile });
    }
    done += docs.length;
    if (docs.length < batch) return done;
  }
}

/**
 * Profiles every document again from its stored pages, after the profile rules changed (an
 * executive order was once a "constitution"): `npm run reprofile`. Returns how many it profiled.
 */
export async function reprofileAll(db: Executor): Promise<number> {
  await markAllDocumentsUnprofiled(db);
  return backfillProfiles(db);
}
