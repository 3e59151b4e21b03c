import type { SearchHit } from "./search-index.ts";

/** A search hit for unit tests: passage `id` of `file` (version `<file>-v`) on `page`. */
export const hit = (id: string, file: string, page: number, text = ""): SearchHit => ({
  passage_id: id,
  file_id: file,
  version_id: `${file}-v`,
  filename: `${file}.pdf`,
  page,
  text,
  listing: false,
  score: 0,
});
