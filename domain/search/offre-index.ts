/**
 * The in-memory index of public offers (PUBLISHED, company ACTIVE) that answers search, the
 * public lists and autocomplete, and, built over the day's new offers, alert matching.
 *
 * Layout: every version of an offer gets a slot; `docs[slot]` holds what filters and sorts need
 * (null once the slot is dead). Each indexed word has a posting list of (slot, fields). A word's
 * stem and its first letter lead to the indexed words that match it by stem or by typo. Changing
 * an offer kills its slot and adds a new one; dead postings are dropped by compact(), run when a
 * quarter of the slots are dead.
 *
 * Scoring (one rule for every query): relevanceScore = 4·T + 2·S + 1·D, where T, S, D score the
 * title, skills and description: 0 when no query word matches in the field, else
 * 1 + (sum of the query words' match weights in that field) / (number of query words), with
 * weight 1 for an exact word, 0.5 for a stemmed or synonym one, 0.25 for a typo: so between 1
 * and 2, and within a field exact > stem or synonym > typo. Ties: newest publishedAt first.
 */
import type { ContractType } from '../../models/offre.ts';
import type { OffreFilters } from '../offres/offre-filters.ts';
import { stem, tokens } from './analyzer.ts';
import { PostingList } from './posting-list.ts';
import type { QueryWord } from './query-words.ts';
import { SuggestionDictionary } from './suggestion-dictionary.ts';
import { withinTypoDistance } from './typo.ts';

export type { ContractType };

/** One public offer, as the index receives it. */
export interface IndexedOffre {
  id: number;
  titre: string;
  competences: string[];
  description: string;
  entrepriseId: number;
  entrepriseNom: string;
  secteurId: number | null;
  villeId: number | null;
  regionId: number | null;
  contractType: ContractType;
  remotePossible: boolean;
  salaireMin: number | null;
  salaireMax: number | null;
  /** YYYY-MM-DD, inclusive, Cameroon time; null: no deadline. */
  deadline: string | null;
  publishedAt: Date | null;
  createdAt: Date;
}

interface Doc {
  offre: IndexedOffre;
  publishedAt: number;
  createdAt: number;
  /** YYYYMMDD; Infinity without deadline. */
  deadline: number;
  titreKey: string;
}

/** The filters of the public lists (same fields and meaning as GET /offres). */
export type IndexFilters = OffreFilters;

export type SortField =
  'relevance' | 'publishedAt' | 'createdAt' | 'deadline' | 'salaireMin' | 'salaireMax' | 'titre';
export interface IndexSort {
  field: SortField;
  direction: 'asc' | 'desc';
}

export interface IndexQuery {
  words: QueryWord[];
  filters: IndexFilters;
  /** Offers whose deadline is before this day (YYYY-MM-DD) are not public any more. */
  today: string;
  sort: IndexSort[];
  offset: number;
  limit: number;
}

export interface IndexHit {
  id: number;
  relevanceScore: number;
}

interface Result {
  slots: number[];
  score: Map<number, number> | null;
}

export interface IndexAnswer {
  hits: IndexHit[];
  total: number;
}

const FIELDS = 3; // 0 titre, 1 competences, 2 description
const FIELD_WEIGHTS = [4, 2, 1];
/** Match tiers, stored two bits per field; their weight in a field's score. */
const EXACT = 3;
const STEM = 2;
const TYPO = 1;
const TIER_WEIGHT = [0, 0.25, 0.5, 1];
const TYPO_CACHE_SIZE = 5000;
const RESULT_CACHE_SIZE = 200;

export class OffreIndex {
  private docs: (Doc | null)[] = [];
  private readonly slotById = new Map<number, number>();
  private readonly postings = new Map<string, PostingList>();
  private readonly wordsByStem = new Map<string, string[]>();
  private readonly wordsByFirstLetter = new Map<string, string[]>();
  private typoCache = new Map<string, string[]>();
  private dead = 0;
  /** Slots of live docs, newest publishedAt first; rebuilt when stale. */
  private newestFirst: number[] | null = null;
  /**
   * Whole results (every matching slot, in order) by query, filters, sort and day, valid while the
   * index is unchanged: a popular search or list costs its scan and sort once per change of the
   * index, not once per request or page. Exact by construction: any change clears it.
   */
  private results = new Map<string, Result>();
  readonly suggestions = {
    TITRE: new SuggestionDictionary(),
    COMPETENCE: new SuggestionDictionary(),
    ENTREPRISE: new SuggestionDictionary(),
  };

  get size(): number {
    return this.slotById.size;
  }

  get vocabularySize(): number {
    return this.postings.size;
  }

  has(id: number): boolean {
    return this.slotById.has(id);
  }

  /** Adds the offer, or replaces the version the index holds. */
  upsert(offre: IndexedOffre): void {
    this.remove(offre.id);
    const slot = this.docs.length;
    this.docs.push({
      offre,
      publishedAt: offre.publishedAt?.getTime() ?? 0,
      createdAt: offre.createdAt.getTime(),
      deadline: offre.deadline ? Number(offre.deadline.replace(/-/g, '')) : Infinity,
      titreKey: offre.titre.toLowerCase(),
    });
    this.slotById.set(offre.id, slot);
    const fields = new Map<string, number>();
    const texts = [offre.titre, offre.competences.join(' \n '), offre.description];
    texts.forEach((text, f) => {
      for (const token of tokens(text)) fields.set(token, (fields.get(token) ?? 0) | (1 << f));
    });
    for (const [token, mask] of fields) this.postingsOf(token).push(slot * 8 + mask);
    this.suggestions.TITRE.add(offre.titre);
    for (const c of offre.competences) this.suggestions.COMPETENCE.add(c);
    this.suggestions.ENTREPRISE.add(offre.entrepriseNom);
    this.newestFirst = null;
    this.results.clear();
  }

  remove(id: number): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    const doc = this.docs[slot];
    if (doc) {
      this.suggestions.TITRE.remove(doc.offre.titre);
      for (const c of doc.offre.competences) this.suggestions.COMPETENCE.remove(c);
      this.suggestions.ENTREPRISE.remove(doc.offre.entrepriseNom);
    }
    this.docs[slot] = null;
    this.slotById.delete(id);
    this.dead += 1;
    this.newestFirst = null;
    this.results.clear();
    if (this.dead > 1000 && this.dead * 4 > this.docs.length) this.compact();
  }

  /** Ids of the offers of one company that the index holds. */
  idsOfCompany(entrepriseId: number): number[] {
    const out: number[] = [];
    for (const doc of this.docs) if (doc && doc.offre.entrepriseId === entrepriseId) out.push(doc.offre.id);
    return out;
  }

  /** A page of matching offers and the exact total. Without words, every offer that passes the filters. */
  query(q: IndexQuery): IndexAnswer {
    const key = JSON.stringify([q.today, q.filters, q.words, q.sort]);
    let result = this.results.get(key);
    if (!result) {
      result = this.fullResult(q);
      if (this.results.size >= RESULT_CACHE_SIZE) this.results.clear();
      this.results.set(key, result);
    }
    const { slots, score } = result;
    return {
      hits: slots.slice(q.offset, q.offset + q.limit).map((slot) => ({
        id: (this.docs[slot] as Doc).offre.id,
        relevanceScore: score?.get(slot) ?? 0,
      })),
      total: slots.length,
    };
  }

  /** Every matching slot in the asked order (with relevance scores when words were given). */
  private fullResult(q: IndexQuery): Result {
    const accept = this.filter(q.filters, Number(q.today.replace(/-/g, '')));
    if (q.words.length) {
      const { slots, score } = this.match(q.words, accept);
      return { slots: slots.sort(this.comparator(q.sort, score)), score };
    }
    if (isNewestFirst(q.sort)) {
      if (!this.newestFirst) this.newestFirst = this.liveSlots(() => true).sort(this.comparator(q.sort));
      return { slots: this.newestFirst.filter((slot) => accept(this.docs[slot] as Doc)), score: null };
    }
    return { slots: this.liveSlots(accept).sort(this.comparator(q.sort)), score: null };
  }

  /** Which of the given words match which offers: the ids of every matching offer (no filters). */
  matchingIds(words: QueryWord[], filters: IndexFilters, today: string): number[] {
    const accept = this.filter(filters, Number(today.replace(/-/g, '')));
    const slots = words.length ? this.match(words, accept).slots : this.liveSlots(accept);
    return slots.map((s) => (this.docs[s] as Doc).offre.id);
  }

  /** Drops dead slots and renumbers the live ones. */
  compact(): void {
    const renumber = new Int32Array(this.docs.length).fill(-1);
    const docs: (Doc | null)[] = [];
    this.docs.forEach((doc, slot) => {
      if (!doc) return;
      renumber[slot] = docs.length;
      this.slotById.set(doc.offre.id, docs.length);
      docs.push(doc);
    });
    this.docs = docs;
    this.dead = 0;
    for (const [word, list] of this.postings) {
      list.rewrite((p) => {
        const to = renumber[p >>> 3];
        return to < 0 ? -1 : to * 8 + (p & 7);
      });
      if (list.length === 0) this.forgetWord(word);
    }
    this.typoCache = new Map();
    this.newestFirst = null;
    this.results.clear();
  }

  private postingsOf(token: string): PostingList {
    let list = this.postings.get(token);
    if (!list) {
      list = new PostingList();
      this.postings.set(token, list);
      pushTo(this.wordsByStem, stem(token), token);
      pushTo(this.wordsByFirstLetter, token[0], token);
      if (this.typoCache.size) this.typoCache = new Map();
    }
    return list;
  }

  private forgetWord(word: string): void {
    this.postings.delete(word);
    removeFrom(this.wordsByStem, stem(word), word);
    removeFrom(this.wordsByFirstLetter, word[0], word);
  }

  private filter(f: IndexFilters, today: number): (doc: Doc) => boolean {
    return (doc) => {
      const o = doc.offre;
      return (
        doc.deadline >= today &&
        (f.contractType === undefined || o.contractType === f.contractType) &&
        (f.villeId === undefined || o.villeId === f.villeId) &&
        (f.regionId === undefined || o.regionId === f.regionId) &&
        (f.secteurId === undefined || o.secteurId === f.secteurId) &&
        (f.entrepriseId === undefined || o.entrepriseId === f.entrepriseId) &&
        (f.remotePossible === undefined || o.remotePossible === f.remotePossible) &&
        (f.salaireMin === undefined || (o.salaireMax !== null && o.salaireMax >= f.salaireMin)) &&
        (f.salaireMax === undefined || (o.salaireMin !== null && o.salaireMin <= f.salaireMax))
      );
    };
  }

  private liveSlots(accept: (doc: Doc) => boolean): number[] {
    const out: number[] = [];
    this.docs.forEach((doc, slot) => {
      if (doc && accept(doc)) out.push(slot);
    });
    return out;
  }

  /** The slots matching every word (and the filters), with their relevance scores. */
  private match(
    words: QueryWord[],
    accept: (doc: Doc) => boolean,
  ): { slots: number[]; score: Map<number, number> } {
    const perWord = words.map((w) => this.tiersOf(w));
    perWord.sort((a, b) => a.touched.length - b.touched.length);
    const slots: number[] = [];
    const score = new Map<number, number>();
    for (const slot of perWord[0].touched) {
      const doc = this.docs[slot];
      if (!doc || !accept(doc) || !perWord.every((w) => w.tiers[slot] !== 0)) continue;
      let total = 0;
      for (let f = 0; f < FIELDS; f++) {
        let sum = 0;
        let any = false;
        for (const w of perWord) {
          const tier = (w.tiers[slot] >> (2 * f)) & 3;
          if (tier) any = true;
          sum += TIER_WEIGHT[tier];
        }
        if (any) total += FIELD_WEIGHTS[f] * (1 + sum / perWord.length);
      }
      slots.push(slot);
      // Rounded before sorting: equal shown scores must tie, whatever the order of the float additions.
      score.set(slot, round4(total));
    }
    return { slots, score };
  }

  /** For one query word: the best match tier in each field of each slot (2 bits a field). */
  private tiersOf(word: QueryWord): { tiers: Uint8Array; touched: number[] } {
    const tiers = new Uint8Array(this.docs.length);
    const touched: number[] = [];
    const raise = (slot: number, fieldMask: number, tier: number) => {
      let t = tiers[slot];
      if (t === 0) touched.push(slot);
      for (let f = 0; f < FIELDS; f++) {
        if (fieldMask & (1 << f) && ((t >> (2 * f)) & 3) < tier)
          t = (t & ~(3 << (2 * f))) | (tier << (2 * f));
      }
      tiers[slot] = t;
    };
    for (const alternative of word.alternatives) {
      const isLiteral = alternative === word.literal;
      if (alternative.length === 1) {
        for (const w of this.wordsByStem.get(stem(alternative[0])) ?? [])
          this.each(w, (s, m) => raise(s, m, STEM));
        if (isLiteral) this.each(alternative[0], (s, m) => raise(s, m, EXACT));
      } else {
        for (const [slot, mask] of this.allTokensByField(alternative, false)) raise(slot, mask, STEM);
        if (isLiteral)
          for (const [slot, mask] of this.allTokensByField(alternative, true)) raise(slot, mask, EXACT);
      }
    }
    if (word.typos > 0)
      for (const w of this.typoWords(word.literal[0], word.typos)) this.each(w, (s, m) => raise(s, m, TYPO));
    return { tiers, touched };
  }

  /** Slots and the fields in which every token occurs (exactly, or by stem). */
  private allTokensByField(toks: string[], exact: boolean): Map<number, number> {
    let acc: Map<number, number> | null = null;
    for (const token of toks) {
      const masks = new Map<number, number>();
      const words = exact ? [token] : (this.wordsByStem.get(stem(token)) ?? []);
      for (const w of words) this.each(w, (s, m) => masks.set(s, (masks.get(s) ?? 0) | m));
      if (acc) {
        const next = new Map<number, number>();
        for (const [s, m] of acc) {
          const both = m & (masks.get(s) ?? 0);
          if (both) next.set(s, both);
        }
        acc = next;
      } else acc = masks;
    }
    return acc ?? new Map();
  }

  private each(word: string, visit: (slot: number, fieldMask: number) => void): void {
    const list = this.postings.get(word);
    if (!list) return;
    const data = list.data;
    for (let i = 0; i < list.length; i++) {
      const p = data[i];
      const slot = p >>> 3;
      if (this.docs[slot]) visit(slot, p & 7);
    }
  }

  private typoWords(word: string, edits: number): string[] {
    const key = `${edits}:${word}`;
    const cached = this.typoCache.get(key);
    if (cached) return cached;
    const found = (this.wordsByFirstLetter.get(word[0]) ?? []).filter((w) =>
      withinTypoDistance(word, w, edits),
    );
    if (this.typoCache.size >= TYPO_CACHE_SIZE) this.typoCache = new Map();
    this.typoCache.set(key, found);
    return found;
  }

  private comparator(sort: IndexSort[], score?: Map<number, number>): (a: number, b: number) => number {
    const docs = this.docs as Doc[];
    const key = (slot: number, field: SortField): number | string | null => {
      const d = docs[slot];
      switch (field) {
        case 'relevance':
          return score?.get(slot) ?? 0;
        case 'publishedAt':
          return d.publishedAt;
        case 'createdAt':
          return d.createdAt;
        case 'deadline':
          return d.deadline === Infinity ? null : d.deadline;
        case 'salaireMin':
          return d.offre.salaireMin;
        case 'salaireMax':
          return d.offre.salaireMax;
        case 'titre':
          return d.titreKey;
      }
    };
    // Relevance ties go to the newest; every order ends on the id, newest first, so pages never overlap.
    const orders: IndexSort[] = [...sort];
    if (sort.some((s) => s.field === 'relevance')) orders.push({ field: 'publishedAt', direction: 'desc' });
    return (a, b) => {
      for (const { field, direction } of orders) {
        const c = compareNullsFirst(key(a, field), key(b, field));
        if (c !== 0) return direction === 'asc' ? c : -c;
      }
      return docs[b].offre.id - docs[a].offre.id;
    };
  }
}

function isNewestFirst(sort: IndexSort[]): boolean {
  return sort.length === 1 && sort[0].field === 'publishedAt' && sort[0].direction === 'desc';
}

/** SQL's order: NULL sorts before any value in ascending order. */
function compareNullsFirst(a: number | string | null, b: number | string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

function round4(n: number): number {
  return Math.round(n * 10000) / 10000;
}

function pushTo(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function removeFrom(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (!list) return;
  const i = list.indexOf(value);
  if (i >= 0) list.splice(i, 1);
  if (list.length === 0) map.delete(key);
}
