/**
 * The index's second, small index: which slots' companies have which words in their names (by
 * stem), so a search can read a word that no offer's text holds as a company's name without a
 * scan of the offers (offre-index.ts, completeByCompanyNames). A slot's postings stay until the
 * index compacts; a dead slot is skipped by the caller, like the text postings.
 */
import { stem, tokens } from './analyzer.ts';
import { PostingList } from './posting-list.ts';

const NAME_CACHE_SIZE = 20_000;

export class CompanyNames {
  private readonly postings = new Map<string, PostingList>();
  private readonly analysed = new Map<string, ReadonlySet<string>>();

  /** A company name's stems, analysed once per name (a bounded cache: names are few). */
  stemsOf(name: string): ReadonlySet<string> {
    let named = this.analysed.get(name);
    if (!named) {
      named = new Set(tokens(name).map(stem));
      if (this.analysed.size >= NAME_CACHE_SIZE) this.analysed.clear();
      this.analysed.set(name, named);
    }
    return named;
  }

  add(slot: number, name: string): void {
    for (const s of this.stemsOf(name)) {
      let list = this.postings.get(s);
      if (!list) {
        list = new PostingList();
        this.postings.set(s, list);
      }
      list.push(slot);
    }
  }

  /** The slots, live or dead, whose company's name holds `s`. */
  slotsHolding(s: string): PostingList | undefined {
    return this.postings.get(s);
  }

  /**
   * The live slots whose company's name holds every one of `stems`; `nameOf` gives a slot's
   * company name, null for a dead slot. Walks the shortest of the stems' lists only.
   */
  slotsNamed(stems: readonly string[], nameOf: (slot: number) => string | null): number[] {
    let shortest: PostingList | undefined;
    for (const s of stems) {
      const list = this.postings.get(s);
      if (!list) return [];
      if (!shortest || list.length < shortest.length) shortest = list;
    }
    const out: number[] = [];
    if (!shortest) return out;
    for (let i = 0; i < shortest.length; i++) {
      const slot = shortest.data[i];
      const name = nameOf(slot);
      if (name === null) continue;
      const named = this.stemsOf(name);
      if (stems.every((s) => named.has(s))) out.push(slot);
    }
    return out;
  }

  /** After the index renumbered its slots (-1: dropped). */
  compact(renumber: Int32Array): void {
    for (const [s, list] of this.postings) {
      list.rewrite((slot) => renumber[slot]);
      if (list.length === 0) this.postings.delete(s);
    }
  }
}
