/**
 * The values autocomplete suggests for one kind (titles, skills or company names) among the
 * public offers, with how many offers carry each, found by the prefix of any of their words.
 * Words are kept sorted for a binary search; words seen since the last sort are checked one by
 * one until the next sort, so a new value is suggested at once.
 */
import { fold, words } from './analyzer.ts';

interface Entry {
  value: string;
  n: number;
}

const RESORT_AFTER = 500;

export class SuggestionDictionary {
  private readonly values = new Map<string, Entry>();
  private readonly keysByWord = new Map<string, Set<string>>();
  private sorted: string[] = [];
  private unsorted: string[] = [];

  add(value: string): void {
    const key = fold(value.trim());
    if (!key) return;
    const entry = this.values.get(key);
    if (entry) {
      entry.n += 1;
      return;
    }
    this.values.set(key, { value: value.trim(), n: 1 });
    for (const word of new Set(words(key))) {
      let keys = this.keysByWord.get(word);
      if (!keys) {
        keys = new Set();
        this.keysByWord.set(word, keys);
        this.unsorted.push(word);
      }
      keys.add(key);
    }
    if (this.unsorted.length > RESORT_AFTER) this.resort();
  }

  remove(value: string): void {
    const key = fold(value.trim());
    const entry = this.values.get(key);
    if (!entry) return;
    entry.n -= 1;
    if (entry.n > 0) return;
    this.values.delete(key);
    for (const word of new Set(words(key))) this.keysByWord.get(word)?.delete(key);
  }

  /** Values one of whose words starts with `prefix` (folded), at most `limit` of them. */
  withPrefix(prefix: string, limit: number): Entry[] {
    const keys = new Set<string>();
    const collect = (word: string) => {
      for (const key of this.keysByWord.get(word) ?? []) if (keys.size < limit) keys.add(key);
    };
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.sorted.length && this.sorted[i].startsWith(prefix) && keys.size < limit; i++)
      collect(this.sorted[i]);
    for (const word of this.unsorted) if (word.startsWith(prefix) && keys.size < limit) collect(word);
    return [...keys].map((k) => this.values.get(k)).filter((e): e is Entry => e !== undefined);
  }

  private resort(): void {
    this.sorted = [...this.keysByWord.keys()].filter((w) => this.keysByWord.get(w)?.size).sort();
    for (const w of this.keysByWord.keys()) if (!this.keysByWord.get(w)?.size) this.keysByWord.delete(w);
    this.unsorted = [];
  }
}
