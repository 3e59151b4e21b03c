/** The <head> entries every page of ours sets. */
export function pageMeta(title: string) {
  return [{ title }];
}
