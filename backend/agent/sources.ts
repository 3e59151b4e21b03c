/**
 * What the agent was given while writing one answer, numbered: each page of a file version it saw
 * (through a search result or by reading the page) gets a number n, the same n every time it comes
 * back. A citation can only point at one of these: never at a source the agent did not see.
 */
export interface Source {
  n: number;
  file_id: string;
  version_id: string;
  filename: string;
  page: number;
  /** The text of this page the agent was given (passages or the whole page). */
  text: string;
  /** Search mode: the sentence to quote, chosen for the question. */
  quote?: string;
}

export class Sources {
  private readonly byKey = new Map<string, Source>();
  private readonly list: Source[] = [];

  /** The source for this page, numbered on first sight; new text the agent saw is added to it. */
  add(s: Omit<Source, "n">): Source {
    const key = `${s.version_id}\u0000${s.page}`;
    const found = this.byKey.get(key);
    if (found) {
      if (!found.text.includes(s.text)) found.text = s.text.includes(found.text) ? s.text : `${found.text}\n${s.text}`;
      found.quote ??= s.quote;
      return found;
    }
    const source = { ...s, n: this.list.length + 1 };
    this.byKey.set(key, source);
    this.list.push(source);
    return source;
  }

  get(n: number): Source | undefined {
    return this.list[n - 1];
  }

  get size(): number {
    return this.list.length;
  }
}
