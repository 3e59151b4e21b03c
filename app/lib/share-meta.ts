import { pageMeta } from "./seo.ts";

const MAX_DESCRIPTION = 200;

/** One line of at most 200 characters, cut at a word with an ellipsis. */
function clip(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= MAX_DESCRIPTION) return line;
  const cut = line.slice(0, MAX_DESCRIPTION - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 100 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

/**
 * The head of a share page, for link previews (Open Graph, Twitter): the Pod's or the thread's
 * name; the snapshot's description, else the thread's first question, else a line saying what it
 * is. A snapshot not listed on Published Pods asks search engines not to index it.
 */
export function shareMeta(o: {
  productName: string;
  workspaceName: string;
  threadName: string | null;
  description: string;
  firstQuestion: string | null;
  discoverable: boolean;
}) {
  const title = o.threadName ? `${o.threadName} - ${o.workspaceName}` : o.workspaceName;
  const description = clip(
    o.description ||
      o.firstQuestion ||
      (o.threadName
        ? `A published thread from the Pod ${o.workspaceName}: questions and answers with the pages they cite.`
        : `A published Pod: its files, threads and answers with the pages they cite.`),
  );
  const meta = pageMeta({ title, description, productName: o.productName });
  return o.discoverable ? meta : [...meta, { name: "robots", content: "noindex" }];
}
