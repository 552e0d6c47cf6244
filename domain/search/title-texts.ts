/**
 * The analysed titles of the offers, one shared object per distinct title: a board holds the same
 * titles many times over ("Comptable", "Commercial"), so the tie-breaks a query computes from a
 * title (exact form, phrase proximity) are computed once per title, and each title's tokens are
 * held once.
 */
import { stem } from './analyzer.ts';

export interface TitleText {
  /** The title's tokens, as the analyzer gives them. */
  readonly words: readonly string[];
  /** Their stems, in the same order. */
  readonly stems: readonly string[];
  readonly key: string;
}

export class TitleTexts {
  private readonly byKey = new Map<string, { text: TitleText; offers: number }>();

  /** The shared text of a title of these tokens, counting one more offer that holds it. */
  acquire(words: string[]): TitleText {
    const key = words.join(' ');
    let entry = this.byKey.get(key);
    if (!entry) {
      entry = { text: { words, stems: words.map(stem), key }, offers: 0 };
      this.byKey.set(key, entry);
    }
    entry.offers += 1;
    return entry.text;
  }

  /** One offer fewer holds this title; it is forgotten when none does. */
  release(text: TitleText): void {
    const entry = this.byKey.get(text.key);
    if (!entry) return;
    entry.offers -= 1;
    if (entry.offers <= 0) this.byKey.delete(text.key);
  }

  /** How many distinct titles are held. */
  get size(): number {
    return this.byKey.size;
  }
}
