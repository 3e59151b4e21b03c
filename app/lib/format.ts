const units = ["B", "KB", "MB", "GB", "TB"];

/** 1536 -> "1.5 KB". */
export function formatBytes(n: number): string {
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${i === 0 ? v : v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

const countFormat = new Intl.NumberFormat("en-US");
/** 5880 -> "5,880". */
export const formatCount = (n: number) => countFormat.format(n);

/** A rough time left: "less than a minute left", "about 2 min left", "about 1 h 5 min left". */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 60) return "less than a minute left";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `about ${h} h${m ? ` ${m} min` : ""} left`;
}

/** What indexing found a file to be, short of its title: its kind and period, those it has. */
export function documentFacts(d: { kind: string | null; period: string | null } | null | undefined): string[] {
  return [d?.kind, d?.period].filter((p): p is string => !!p);
}
