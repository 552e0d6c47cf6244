/**
 * The in-memory index of public offers (PUBLISHED, company ACTIVE) that answers search, the
 * public lists and autocomplete, and, built over the day's new offers, alert matching.
 *
 * Layout: every version of an offer gets a slot; `docs[slot]` holds what filters and sorts need
 * (null once the slot is dead), except what a query reads of every slot it visits, its deadline
 * and field lengths, which `columns` keeps in arrays by slot. Each indexed word has a posting list
 * of (slot, fields). A word's stem and its first letter lead to the indexed words that match it by
 * stem or by typo. A posting list is in slot order (new slots come last, and compaction keeps the
 * order). Changing an offer kills its slot and adds a new one; dead postings are dropped by
 * compact(), run when a quarter of the slots are dead.
 *
 * Scoring: relevance.ts states the rule (BM25F over title, skills and description; offers ordered
 * by the query tokens they cover, then those covered in the title, then the score, exact form and
 * phrase proximity in the title, then the newest). Each query word's postings give, per slot, the
 * best match tier in each field (TIER_BITS a field); its idf counts the live offers it matches.
 */
import type { ContractType } from '../../models/offre.ts';
import type { OffreFilters } from './offre-filters.ts';
import { stem, tokens } from './analyzer.ts';
import { PostingList } from './posting-list.ts';
import { searchedTexts } from './offre-texts.ts';
import { nameTokens, tokenCount, type QueryWord } from './query-words.ts';
import {
  FIELD_WEIGHTS,
  HEAD_BONUS,
  TIER,
  TIER_BITS,
  TIER_WEIGHT,
  exactness,
  idf,
  lengthNorm,
  proximity,
  saturate,
  synonymLength,
} from './relevance.ts';
import { SuggestionDictionary } from './suggestion-dictionary.ts';
import { SlotColumns } from './slot-columns.ts';
import { TitleTexts, type TitleText } from './title-texts.ts';
import { CompanyNames } from './company-names.ts';
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
  /** The company is a verified employer (domain/trust); absent: not verified. */
  entrepriseVerified?: boolean;
  /** Searched with the description (offre-texts.ts), not kept. */
  localisation?: string | null;
  villeNom?: string | null;
  /** Searched with the skills (offre-texts.ts), not kept. */
  secteurNom?: string | null;
}

/**
 * What a slot keeps of its offer: what filters, sorts and suggestions read. Not the description
 * nor the dates (indexed, then dropped): the description is most of an offer's bytes, and every
 * young-generation collection of an API process costs more the larger its old heap (README,
 * Performance).
 */
type KeptFields = Omit<
  IndexedOffre,
  'description' | 'publishedAt' | 'createdAt' | 'localisation' | 'villeNom' | 'secteurNom'
>;

interface Doc {
  offre: KeptFields;
  publishedAt: number;
  createdAt: number;
  titreKey: string;
  /** The title's tokens and their stems, for phrase proximity and exact form; shared by equal titles. */
  title: TitleText;
}

/**
 * The filters of the public lists (same fields and meaning as GET /offres), and for search's
 * last resort, offers of any of several companies (`entrepriseIds`, a list so results cache keys
 * tell two sets apart).
 */
export type IndexFilters = OffreFilters & { entrepriseIds?: readonly number[] };

export type SortField =
  'relevance' | 'publishedAt' | 'createdAt' | 'deadline' | 'salaireMin' | 'salaireMax' | 'titre';
export interface IndexSort {
  field: SortField;
  direction: 'asc' | 'desc';
}

export interface IndexQuery {
  /** Never changed once queried: the results cache keys a list of words by its identity (wordsKey). */
  words: readonly QueryWord[];
  filters: IndexFilters;
  /** Offers whose deadline is before this day (YYYY-MM-DD) are not public any more. */
  today: string;
  sort: IndexSort[];
  offset: number;
  limit: number;
  /**
   * Sorted by relevance, when fewer offers than this match every word, offers matching fewer words
   * follow (relevance.ts, PARTIAL_BELOW). 0 or absent: every word must match.
   */
  partialBelow?: number;
}

export interface IndexHit {
  id: number;
  relevanceScore: number;
  /** With words: how many query tokens the offer matched, out of `queryWords`. */
  matchedWords?: number;
  queryWords?: number;
}

/** Slots in slot order, and the fields (a bit each) of each one that hold something. */
interface SlotFields {
  slots: number[];
  fields: number[];
}

/** The scored slots of one query: by slot, the query tokens it covers and its score. */
interface Ranked {
  coverage: Uint16Array;
  /** By slot, the query tokens it covers only with a typo though other offers hold them as typed. */
  typos: Uint16Array;
  /** By slot, the query tokens it covers in its title. */
  inTitle: Uint16Array;
  score: Float64Array;
  queryWords: number;
  /** Slots (passing the filters) covering every query token. */
  full: number[];
  /** Slots covering some: all of them when `full` is short of the partial threshold, else some. */
  partial: number[];
  /**
   * The slots of `partial` that may be among the first `partialBelow` − `full` shown; only they
   * are scored (every slot of `full` is).
   */
  partialContenders: number[];
}

/** An answer in order; with words, each slot's score and covered tokens at the same position. */
interface Result {
  /** The answer's first slots in order: all of them, or at least the pages asked so far. */
  slots: number[];
  /** How many slots the whole answer holds. */
  total: number;
  scores: { score: Float64Array; coverage: Uint16Array; queryWords: number } | null;
}

/** One query word's matches: the best tier in each field of each slot (TIER_BITS a field), the live slots touched, its idf. */
interface WordMatches {
  tiers: Uint16Array;
  touched: number[];
  idf: number;
  /**
   * Whether some live offer holds the word as typed, so that an offer meeting it only with a typo
   * likely holds another word ("stage" and "sage") and ranks after those that do not. A word no
   * offer holds (a real typo, an English word) has nothing better to meet.
   */
  typoIsAnotherWord: boolean;
  /** Whether some live offer meets the word otherwise than with a typo (as typed or through a synonym). */
  metWithoutTypo: boolean;
}

export interface IndexAnswer {
  hits: IndexHit[];
  total: number;
}

const FIELDS = 3; // 0 titre, 1 competences, 2 description
const TIER_MASK = (1 << TIER_BITS) - 1;
/** Whether a slot's tiers (TIER_BITS a field, the title's lowest) hold a match in the title. */
const inTitleTier = (tiers: number) => (tiers & TIER_MASK) !== 0;
/**
 * A word held as typed by at least this share of the public offers, and by MIN_COMMON_AS_TYPED of
 * them, is what the searcher meant: it is not read with typos ("stage" typed on a site of
 * internships is not "sage", as in "Sage-femme"). A rarer word keeps its typo tolerance. Measured
 * with bench/relevance: no query type moved (the evaluation's one-letter typos seldom land on
 * a word that common).
 */
const COMMON_AS_TYPED = 0.005;
const MIN_COMMON_AS_TYPED = 20;

/** Whether a slot's tiers hold nothing better than a typo (TIER.TYPO is the lowest match tier). */
const onlyTypoTiers = (tiers: number) => {
  for (let f = 0; f < FIELDS; f++) if (((tiers >> (TIER_BITS * f)) & TIER_MASK) > TIER.TYPO) return false;
  return true;
};
const TYPO_CACHE_SIZE = 5000;
const RESULT_CACHE_SIZE = 200;
/** About what a binary search in a posting list costs against walking one posting. */
const LOOKUP_COST = 16;
/**
 * A search ordered best first puts at least this many matches in order (twice the pages asked, if
 * more): the first pages, which are nearly all that is read, without sorting every match.
 */
const MIN_ORDERED = 100;

export class OffreIndex {
  private docs: (Doc | null)[] = [];
  private readonly titles = new TitleTexts();
  /** Each slot's deadline and field lengths, which every query reads of every slot it visits. */
  private readonly columns = new SlotColumns(FIELDS);
  private readonly slotById = new Map<number, number>();
  private readonly postings = new Map<string, PostingList>();
  private readonly wordsByStem = new Map<string, string[]>();
  private readonly wordsByFirstLetter = new Map<string, string[]>();
  private typoCache = new Map<string, string[]>();
  private readonly names = new CompanyNames();
  /** Moves when a word enters or leaves the index (what reading a query with typos depends on). */
  private vocabularyChanges = 0;
  private dead = 0;
  /** Sum of each field's token counts over the live docs (the length norm's averages). */
  private readonly lengthSums = [0, 0, 0];
  /**
   * Per-slot working arrays of a query, kept between queries (queries run one at a time): a slot's
   * entries count for the current query only when its `mark` equals `generation`.
   */
  private work = {
    generation: 0,
    mark: new Uint32Array(0),
    tieMark: new Uint32Array(0),
    coverage: new Uint16Array(0),
    typos: new Uint16Array(0),
    inTitle: new Uint16Array(0),
    score: new Float64Array(0),
    tie: new Int32Array(0),
  };
  /** Zeroed tier arrays for the query words, returned zeroed after each query. */
  private tierArrays: Uint16Array[] = [];
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

  /** Distinct titles held (offers of equal titles share one). */
  get titleCount(): number {
    return this.titles.size;
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
    const texts = searchedTexts(offre).map(tokens);
    this.docs.push({
      offre: keptFields(offre),
      publishedAt: offre.publishedAt?.getTime() ?? 0,
      createdAt: offre.createdAt.getTime(),
      titreKey: offre.titre.toLowerCase(),
      title: this.titles.acquire(texts[0]),
    });
    const deadline = offre.deadline ? Number(offre.deadline.replace(/-/g, '')) : Infinity;
    this.columns.set(
      slot,
      deadline,
      texts.map((t) => t.length),
    );
    this.slotById.set(offre.id, slot);
    this.names.add(slot, offre.entrepriseNom);
    for (let f = 0; f < FIELDS; f++) this.lengthSums[f] += texts[f].length;
    const fields = new Map<string, number>();
    texts.forEach((toks, f) => {
      for (const token of toks) fields.set(token, (fields.get(token) ?? 0) | (1 << f));
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
      for (let f = 0; f < FIELDS; f++) this.lengthSums[f] -= this.columns.length(slot, f);
      this.titles.release(doc.title);
      this.suggestions.TITRE.remove(doc.offre.titre);
      for (const c of doc.offre.competences) this.suggestions.COMPETENCE.remove(c);
      this.suggestions.ENTREPRISE.remove(doc.offre.entrepriseNom);
    }
    this.docs[slot] = null;
    this.columns.kill(slot);
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

  /**
   * The companies whose name holds every one of `stems` (analysed words, as `stem(tokens(...))`
   * gives them), among the companies of the offers held: what a search of a company's name means.
   */
  companiesNamed(stems: readonly string[]): number[] {
    const ids = new Set<number>();
    for (const slot of this.names.slotsNamed(stems, this.nameOf))
      ids.add((this.docs[slot] as Doc).offre.entrepriseId);
    return [...ids];
  }

  /** A slot's company name, null for a dead slot. */
  private readonly nameOf = (slot: number): string | null => this.docs[slot]?.offre.entrepriseNom ?? null;

  /** A page of matching offers and the exact total. Without words, every offer that passes the filters. */
  query(q: IndexQuery): IndexAnswer {
    const key = JSON.stringify([q.today, q.filters, wordsKey(q.words), q.sort, q.partialBelow ?? 0]);
    const need = q.offset + q.limit;
    let result = this.results.get(key);
    if (!result || (result.slots.length < result.total && result.slots.length < need)) {
      result = this.fullResult(q, Math.max(MIN_ORDERED, 2 * need));
      if (this.results.size >= RESULT_CACHE_SIZE) this.results.clear();
      this.results.set(key, result);
    }
    const { slots, scores, total } = result;
    const hits: IndexHit[] = [];
    for (let i = q.offset; i < Math.min(slots.length, q.offset + q.limit); i++) {
      const id = (this.docs[slots[i]] as Doc).offre.id;
      hits.push(
        scores
          ? {
              id,
              relevanceScore: scores.score[i],
              matchedWords: scores.coverage[i],
              queryWords: scores.queryWords,
            }
          : { id, relevanceScore: 0 },
      );
    }
    return { hits, total };
  }

  /**
   * The matching slots in the asked order (with relevance scores when words were given): the
   * first `need` of them at least when the best come first (relevance descending; a page reads
   * only the first of thousands of matches), all of them otherwise.
   */
  private fullResult(q: IndexQuery, need: number): Result {
    const accept = this.filter(q.filters, Number(q.today.replace(/-/g, '')));
    if (q.words.length) {
      const partialBelow = q.sort[0]?.field === 'relevance' ? (q.partialBelow ?? 0) : 0;
      const ranked = this.rank(q.words, accept, partialBelow);
      const order = this.comparator(q.sort, ranked, q.words);
      const { full, partial } = ranked;
      const partials = Math.max(0, Math.min(partial.length, partialBelow - full.length));
      const total = full.length + partials;
      const bestFirst = q.sort[0]?.field === 'relevance' && q.sort[0].direction === 'desc';
      let slots: number[];
      if (bestFirst && need < full.length) slots = bestOf(ranked, full, need, order);
      else {
        slots = full.sort(order);
        slots.push(...bestOf(ranked, ranked.partialContenders, partials, order));
      }
      const score = Float64Array.from(slots, (s) => ranked.score[s]);
      const coverage = Uint16Array.from(slots, (s) => ranked.coverage[s]);
      return { slots, total, scores: { score, coverage, queryWords: ranked.queryWords } };
    }
    const all = (slots: number[]): Result => ({ slots, total: slots.length, scores: null });
    if (isNewestFirst(q.sort)) {
      if (!this.newestFirst) this.newestFirst = this.liveSlots(() => true).sort(this.comparator(q.sort));
      return all(this.newestFirst.filter(accept));
    }
    return all(this.liveSlots(accept).sort(this.comparator(q.sort)));
  }

  /** Which of the given words match which offers: the ids of every offer matching all of them (no partial matches). */
  matchingIds(words: readonly QueryWord[], filters: IndexFilters, today: string): number[] {
    const accept = this.filter(filters, Number(today.replace(/-/g, '')));
    const slots = words.length ? this.rank(words, accept, 0).full : this.liveSlots(accept);
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
    this.columns.compact(renumber);
    this.dead = 0;
    for (const [word, list] of this.postings) {
      list.rewrite((p) => {
        const to = renumber[p >>> 3];
        return to < 0 ? -1 : to * 8 + (p & 7);
      });
      if (list.length === 0) this.forgetWord(word);
    }
    this.names.compact(renumber);
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
      this.vocabularyChanges += 1;
      if (this.typoCache.size) this.typoCache = new Map();
    }
    return list;
  }

  private forgetWord(word: string): void {
    this.postings.delete(word);
    removeFrom(this.wordsByStem, stem(word), word);
    removeFrom(this.wordsByFirstLetter, word[0], word);
    this.vocabularyChanges += 1;
  }

  private filter(f: IndexFilters, today: number): (slot: number) => boolean {
    // Most searches set no filter: then only the deadline is read (this runs for every slot a
    // common word leads to, and reading the offer's fields was a seventh of "stage").
    const { deadlines } = this.columns;
    if (Object.values(f).every((v) => v === undefined)) return (slot) => deadlines[slot] >= today;
    const docs = this.docs;
    return (slot) => {
      if (!(deadlines[slot] >= today)) return false;
      const o = (docs[slot] as Doc).offre;
      return (
        (f.contractType === undefined || o.contractType === f.contractType) &&
        (f.villeId === undefined || o.villeId === f.villeId) &&
        (f.regionId === undefined || o.regionId === f.regionId) &&
        (f.secteurId === undefined || o.secteurId === f.secteurId) &&
        (f.entrepriseId === undefined || o.entrepriseId === f.entrepriseId) &&
        (f.entrepriseIds === undefined || f.entrepriseIds.includes(o.entrepriseId)) &&
        (f.remotePossible === undefined || o.remotePossible === f.remotePossible) &&
        (f.verifie === undefined || Boolean(o.entrepriseVerified) === f.verifie) &&
        (f.salaireMin === undefined || (o.salaireMax !== null && o.salaireMax >= f.salaireMin)) &&
        (f.salaireMax === undefined || (o.salaireMin !== null && o.salaireMin <= f.salaireMax))
      );
    };
  }

  private liveSlots(accept: (slot: number) => boolean): number[] {
    const out: number[] = [];
    this.docs.forEach((doc, slot) => {
      if (doc && accept(slot)) out.push(slot);
    });
    return out;
  }

  /**
   * Ranks the slots passing the filters: first those that may cover every query token (they are
   * all in the lists of the narrowest query word), then, when fewer than `partialBelow` do, every
   * slot matching at least one token. Slots covering every token are scored as they are met, partial
   * matches only where the score may decide their place among those shown.
   */
  private rank(words: readonly QueryWord[], accept: (slot: number) => boolean, partialBelow: number): Ranked {
    const n = this.slotById.size;
    const matches = words.map((w) => ({
      whole: this.matchesOf(w, n),
      parts: w.parts.map((p) => this.matchesOf(p, n)),
    }));
    const averages = this.lengthSums.map((sum) => (n ? sum / n : 0));
    const work = this.workArrays();
    const ranked: Ranked = {
      coverage: work.coverage,
      typos: work.typos,
      inTitle: work.inTitle,
      score: work.score,
      queryWords: tokenCount(words),
      full: [],
      partial: [],
      partialContenders: [],
    };
    const { mark, generation } = work;
    const startsWithHead = this.headTest(words, matches);
    // BM25F over the words a slot matches, raised for a title that starts with a query word;
    // rounded, so equal shown scores tie whatever the order of the float additions.
    const scoreOf = (slot: number) => {
      let total = 0;
      for (let i = 0; i < words.length; i++) {
        const { whole, parts } = matches[i];
        const typed = words[i].literal.length;
        if (whole.tiers[slot]) total += typed * this.weight(whole, slot, averages, typed);
        else for (const part of parts) if (part.tiers[slot]) total += this.weight(part, slot, averages, 1);
      }
      return round4(startsWithHead(slot) ? total * (1 + HEAD_BONUS) : total);
    };
    const visit = (slot: number) => {
      if (mark[slot] === generation) return;
      mark[slot] = generation;
      if (!accept(slot)) return;
      let covered = 0;
      let typos = 0;
      let inTitle = 0;
      for (let i = 0; i < words.length; i++) {
        const { whole, parts } = matches[i];
        if (whole.tiers[slot]) {
          covered += words[i].literal.length;
          if (whole.typoIsAnotherWord && onlyTypoTiers(whole.tiers[slot])) typos += words[i].literal.length;
          if (inTitleTier(whole.tiers[slot])) inTitle += words[i].literal.length;
          continue;
        }
        for (const part of parts) {
          if (!part.tiers[slot]) continue;
          covered += 1;
          if (part.typoIsAnotherWord && onlyTypoTiers(part.tiers[slot])) typos += 1;
          if (inTitleTier(part.tiers[slot])) inTitle += 1;
        }
      }
      ranked.coverage[slot] = covered;
      ranked.typos[slot] = typos;
      ranked.inTitle[slot] = inTitle;
      if (covered === ranked.queryWords) {
        ranked.score[slot] = scoreOf(slot);
        ranked.full.push(slot);
      } else ranked.partial.push(slot);
    };
    const reach = (m: (typeof matches)[number]) => m.whole.touched.length + narrowestPart(m.parts).length;
    const narrowest = matches.reduce((a, b) => (reach(b) < reach(a) ? b : a));
    for (const slot of narrowest.whole.touched) visit(slot);
    for (const slot of narrowestPart(narrowest.parts)) visit(slot);
    if (ranked.full.length < partialBelow) {
      for (const { whole, parts } of matches) {
        for (const slot of whole.touched) visit(slot);
        for (const part of parts) for (const slot of part.touched) visit(slot);
      }
      const scored = ranked.full.length;
      this.completeByCompanyNames(words, matches, ranked, accept);
      for (const slot of ranked.full.slice(scored)) ranked.score[slot] = scoreOf(slot);
      // Most partial matches of a common word are never shown ("zzqx poste basé"): only those that
      // may be are scored.
      ranked.partialContenders = contenders(ranked, ranked.partial, partialBelow - ranked.full.length);
      for (const slot of ranked.partialContenders) ranked.score[slot] = scoreOf(slot);
    }
    for (const { whole, parts } of matches) for (const m of [whole, ...parts]) this.releaseTiers(m);
    return ranked;
  }

  /**
   * When some query token no offer's text holds, as typed or through a synonym, that token may
   * name a company (a typo match does not count: "hôtel" is one typo from words offers hold):
   * - an offer matching other tokens covers it where its company's name holds it (by stem, as
   *   typed, not as a synonym term it was corrected to): "clinique douala" finds the clinic's
   *   offers in Douala before the other offers in Douala;
   * - every offer of a company whose name holds every token of the query matches them all:
   *   "brasseries du cameroun" finds all that company's offers, those holding "Cameroun" or not.
   * A word that offers hold ("banque" in "agent de banque") never counts through a name alone: a
   * security guard of a bank is no bank clerk. The name adds nothing to the score.
   */
  private completeByCompanyNames(
    words: readonly QueryWord[],
    matches: readonly { whole: WordMatches; parts: WordMatches[] }[],
    ranked: Ranked,
    accept: (slot: number) => boolean,
  ): void {
    // By query word, its tokens met by no text (a word of one token is its own part), as typed.
    const unmet = words.map((w, i) => {
      const metBy = w.parts.length ? matches[i].parts : [matches[i].whole];
      const typed = nameTokens(w);
      return metBy.flatMap((m, k) => (m.metWithoutTypo ? [] : [stem(typed[k])]));
    });
    if (unmet.every((stems) => stems.length === 0)) return;
    this.coverUnmetByName(words, matches, ranked, unmet, accept);
    this.addCompaniesNamed(words, ranked, accept);
    // Both move some partial matches to the full ones.
    ranked.partial = ranked.partial.filter((slot) => ranked.coverage[slot] < ranked.queryWords);
  }

  /** The unmet tokens of partial matches that their company's name holds. */
  private coverUnmetByName(
    words: readonly QueryWord[],
    matches: readonly { whole: WordMatches; parts: WordMatches[] }[],
    ranked: Ranked,
    unmet: readonly string[][],
    accept: (slot: number) => boolean,
  ): void {
    const { mark, generation } = this.work;
    const { coverage, queryWords } = ranked;
    for (const s of new Set(unmet.flat())) {
      const list = this.names.slotsHolding(s);
      for (let k = 0; list && k < list.length; k++) {
        const slot = list.data[k];
        const doc = this.docs[slot];
        // Only a partial match: met by some query word, passing the filters, short of a token.
        if (!doc || mark[slot] !== generation || !accept(slot) || coverage[slot] >= queryWords) continue;
        for (let i = 0; i < words.length; i++)
          if (!matches[i].whole.tiers[slot]) for (const u of unmet[i]) if (u === s) coverage[slot] += 1;
        if (coverage[slot] === queryWords) ranked.full.push(slot);
      }
    }
  }

  /**
   * Every offer passing the filters of a company whose name holds every query token covers them
   * all: a partial match moves up, an offer no word met joins with its text's score (none).
   */
  private addCompaniesNamed(
    words: readonly QueryWord[],
    ranked: Ranked,
    accept: (slot: number) => boolean,
  ): void {
    const stems = [...new Set(words.flatMap((w) => nameTokens(w).map(stem)))];
    const { mark, generation } = this.work;
    for (const slot of this.names.slotsNamed(stems, this.nameOf)) {
      if (!accept(slot)) continue;
      if (mark[slot] !== generation) {
        mark[slot] = generation;
        ranked.typos[slot] = 0;
        ranked.inTitle[slot] = 0;
      } else if (ranked.coverage[slot] === ranked.queryWords) continue;
      ranked.coverage[slot] = ranked.queryWords;
      ranked.full.push(slot);
    }
  }

  /** The working arrays, sized for the slots, for a new query. */
  private workArrays(): typeof this.work {
    const n = this.docs.length;
    if (this.work.mark.length < n || this.work.generation >= 0xffffffff) {
      const size = Math.max(1024, n * 2);
      this.work = {
        generation: 0,
        mark: new Uint32Array(size),
        tieMark: new Uint32Array(size),
        coverage: new Uint16Array(size),
        typos: new Uint16Array(size),
        inTitle: new Uint16Array(size),
        score: new Float64Array(size),
        tie: new Int32Array(size),
      };
    }
    this.work.generation += 1;
    return this.work;
  }

  private acquireTiers(): Uint16Array {
    const n = this.docs.length;
    let tiers = this.tierArrays.pop();
    while (tiers && tiers.length < n) tiers = this.tierArrays.pop();
    return tiers ?? new Uint16Array(Math.max(1024, n * 2));
  }

  /** Zeroes what the query wrote and keeps the array for the next query. */
  private releaseTiers(m: WordMatches): void {
    for (const slot of m.touched) m.tiers[slot] = 0;
    if (this.tierArrays.length < 32) this.tierArrays.push(m.tiers);
  }

  /**
   * A query word's BM25F weight in a slot: idf times the saturated, length-normed sum of its field
   * matches. A synonym match is normed as if its field also held the `typed` tokens it stands for
   * beyond the first (relevance.ts, synonymLength).
   */
  private weight(m: WordMatches, slot: number, averages: number[], typed: number): number {
    let tf = 0;
    const tiers = m.tiers[slot];
    const { lengths } = this.columns;
    for (let f = 0; f < FIELDS; f++) {
      const tier = (tiers >> (TIER_BITS * f)) & TIER_MASK;
      if (!tier) continue;
      const fieldLength = lengths[slot * FIELDS + f];
      const length =
        tier === TIER.SYNONYM || tier === TIER.RELATED ? synonymLength(fieldLength, typed) : fieldLength;
      tf += (FIELD_WEIGHTS[f] * TIER_WEIGHT[tier]) / lengthNorm(f, length, averages[f]);
    }
    return m.idf * saturate(tf);
  }

  /** For one query word: the best match tier in each field of each slot (TIER_BITS a field), and its idf. */
  private matchesOf(word: QueryWord, liveDocs: number): WordMatches {
    const tiers = this.acquireTiers();
    const touched: number[] = [];
    const matchAll = (alternatives: readonly string[][], tier: number) => {
      for (const alternative of alternatives)
        if (alternative.length === 1) {
          for (const w of this.wordsByStem.get(stem(alternative[0])) ?? [])
            this.raisePostings(w, tier, tiers, touched);
        } else {
          const { slots, fields } = this.allTokensByField(alternative);
          for (let i = 0; i < slots.length; i++) raiseTier(tiers, touched, slots[i], fields[i], tier);
        }
    };
    matchAll([word.literal], TIER.LITERAL);
    const heldAsTyped = touched.length > 0;
    matchAll(word.alternatives.slice(1), TIER.SYNONYM);
    matchAll(word.related, TIER.RELATED);
    const metWithoutTypo = touched.length > 0;
    const commonAsTyped =
      touched.length >= MIN_COMMON_AS_TYPED && touched.length >= COMMON_AS_TYPED * liveDocs;
    if (word.typos > 0 && !commonAsTyped)
      for (const w of this.typoWords(word.literal[0], word.typos))
        this.raisePostings(w, TIER.TYPO, tiers, touched);
    return {
      tiers,
      touched,
      idf: idf(liveDocs, touched.length),
      typoIsAnotherWord: word.typos > 0 && heldAsTyped,
      metWithoutTypo,
    };
  }

  /**
   * Slots and the fields in which every token occurs (by stem), in slot order. The rarest token
   * gives the candidates; each other token only narrows them, from the rarest to the commonest
   * ("de" last): in step through its slot-ordered lists, or, for few candidates and a common token
   * ("comptable" in 25 terms of its group), by looking each candidate up in them.
   */
  private allTokensByField(toks: string[]): SlotFields {
    const byToken = toks.map((t) => this.wordsByStem.get(stem(t)));
    // A token no offer holds (an English title's word, say): no offer holds them all.
    if (byToken.length === 0 || byToken.some((words) => !words)) return { slots: [], fields: [] };
    const lists = (byToken as string[][])
      .map((words) => ({ words, size: words.reduce((n, w) => n + (this.postings.get(w)?.length ?? 0), 0) }))
      .sort((a, b) => a.size - b.size);
    let acc = this.slotsHoldingAny(lists[0].words);
    for (let k = 1; k < lists.length && acc.slots.length > 0; k++) {
      const { words, size } = lists[k];
      const n = acc.slots.length;
      const held = new Uint8Array(n);
      if (n * LOOKUP_COST < size)
        for (let i = 0; i < n; i++) for (const w of words) held[i] |= this.fieldsOf(w, acc.slots[i]);
      else for (const w of words) this.markFields(w, acc.slots, held);
      const next: SlotFields = { slots: [], fields: [] };
      for (let i = 0; i < n; i++) {
        const both = acc.fields[i] & held[i];
        if (both) {
          next.slots.push(acc.slots[i]);
          next.fields.push(both);
        }
      }
      acc = next;
    }
    return acc;
  }

  /** The live slots holding any of `words` (one stem's words), with the fields they hold them in, in slot order. */
  private slotsHoldingAny(words: string[]): SlotFields {
    const out: SlotFields = { slots: [], fields: [] };
    const lists = words.flatMap((w) => this.postings.get(w) ?? []);
    // One list is already in slot order; several are merged by sorting their postings (slot * 8 + fields).
    let postings: Int32Array;
    if (lists.length === 1) postings = lists[0].data.subarray(0, lists[0].length);
    else {
      postings = new Int32Array(lists.reduce((n, l) => n + l.length, 0));
      let at = 0;
      for (const l of lists) {
        postings.set(l.data.subarray(0, l.length), at);
        at += l.length;
      }
      postings.sort();
    }
    for (let i = 0; i < postings.length; i++) {
      const slot = postings[i] >>> 3;
      if (this.docs[slot] === null) continue;
      const last = out.slots.length - 1;
      if (last >= 0 && out.slots[last] === slot) out.fields[last] |= postings[i] & 7;
      else {
        out.slots.push(slot);
        out.fields.push(postings[i] & 7);
      }
    }
    return out;
  }

  /** Adds to `held[i]` the fields in which slot `slots[i]` holds `word`: both in slot order, walked in step. */
  private markFields(word: string, slots: readonly number[], held: Uint8Array): void {
    const list = this.postings.get(word);
    if (!list) return;
    const data = list.data;
    let i = 0;
    for (let j = 0; j < list.length && i < slots.length; j++) {
      const slot = data[j] >>> 3;
      while (i < slots.length && slots[i] < slot) i++;
      if (i < slots.length && slots[i] === slot) held[i] |= data[j] & 7;
    }
  }

  /** The fields of `slot` that hold `word` (0: none): a binary search, postings being in slot order. */
  private fieldsOf(word: string, slot: number): number {
    const list = this.postings.get(word);
    if (!list) return 0;
    const data = list.data;
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = data[mid] >>> 3;
      if (at === slot) return data[mid] & 7;
      if (at < slot) lo = mid + 1;
      else hi = mid - 1;
    }
    return 0;
  }

  /**
   * Raises to `tier` the fields of every live slot holding `word`: the loop a common synonym of a
   * query word runs over tens of thousands of postings, written without a call per posting (a
   * callback per posting was most of the time of "comptable sage" made afresh).
   */
  private raisePostings(word: string, tier: number, tiers: Uint16Array, touched: number[]): void {
    const list = this.postings.get(word);
    if (!list) return;
    const { data, length } = list;
    const docs = this.docs;
    for (let i = 0; i < length; i++) {
      const p = data[i];
      const slot = p >>> 3;
      if (docs[slot] !== null) raiseTier(tiers, touched, slot, p & 7, tier);
    }
  }

  /** Whether some indexed offer holds a word of this stem (query-words.ts reads other words with typos). */
  knowsStem(stem: string): boolean {
    return this.wordsByStem.has(stem);
  }

  /** Changes whenever `knowsStem` may answer otherwise: a word entered or left the index. */
  get vocabularyVersion(): number {
    return this.vocabularyChanges;
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

  private comparator(
    sort: IndexSort[],
    ranked?: Ranked,
    words: readonly QueryWord[] = [],
  ): (a: number, b: number) => number {
    const docs = this.docs as Doc[];
    const { deadlines } = this.columns;
    const relevance = ranked ? this.relevanceOrder(ranked, words) : () => 0;
    const key = (slot: number, field: Exclude<SortField, 'relevance'>): number | string | null => {
      const d = docs[slot];
      switch (field) {
        case 'publishedAt':
          return d.publishedAt;
        case 'createdAt':
          return d.createdAt;
        case 'deadline':
          return deadlines[slot] === Infinity ? null : deadlines[slot];
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
        const c = field === 'relevance' ? relevance(a, b) : compareNullsFirst(key(a, field), key(b, field));
        if (c !== 0) return direction === 'asc' ? c : -c;
      }
      return docs[b].offre.id - docs[a].offre.id;
    };
  }

  /**
   * Whether a slot's title starts with a form of a query word (as typed or a synonym, by stem):
   * asked only of titles that hold one, and computed once per title.
   */
  private headTest(
    words: readonly QueryWord[],
    matches: readonly { whole: WordMatches }[],
  ): (slot: number) => boolean {
    let forms: string[][] | undefined;
    const byTitle = new Map<TitleText, boolean>();
    return (slot) => {
      if (!matches.some((m) => inTitleTier(m.whole.tiers[slot]))) return false;
      const title = (this.docs[slot] as Doc).title;
      let starts = byTitle.get(title);
      if (starts === undefined) {
        // Alternatives only: a related term ("cuisinier" for "cuisine") stays after the word's own.
        forms ??= words.flatMap((w) => stemmedForms(w).slice(0, w.alternatives.length));
        starts = forms.some((f) => f.length > 0 && f.every((s, k) => title.stems[k] === s));
        byTitle.set(title, starts);
      }
      return starts;
    };
  }

  /**
   * Ascending relevance: query tokens covered, then those in the title, then the fewest covered only
   * with a typo, then score, then exact form and phrase proximity in the title.
   */
  private relevanceOrder(ranked: Ranked, words: readonly QueryWord[]): (a: number, b: number) => number {
    const docs = this.docs as Doc[];
    const literal = words.flatMap((w) => w.literal);
    const units = words.map(stemmedForms);
    const { coverage, typos, inTitle, score } = ranked;
    const { tie: ties, tieMark, generation } = this.work;
    // Equal titles tie alike: computed once per title (a board repeats its titles many times).
    const byTitle = new Map<TitleText, number>();
    // Exact form first, proximity second, packed in one number (a query has far fewer than 1,000 tokens).
    const tie = (slot: number) => {
      if (tieMark[slot] !== generation) {
        const d = docs[slot];
        let t = byTitle.get(d.title);
        if (t === undefined) {
          t = exactness(literal, d.title.words) * 1000 + proximity(units, d.title.stems);
          byTitle.set(d.title, t);
        }
        ties[slot] = t;
        tieMark[slot] = generation;
      }
      return ties[slot];
    };
    return (a, b) =>
      coverage[a] - coverage[b] ||
      inTitle[a] - inTitle[b] ||
      typos[b] - typos[a] ||
      score[a] - score[b] ||
      tie(a) - tie(b);
  }
}

/**
 * A query word's forms (its alternatives, then its related terms) as stems: kept with the word,
 * which query-words-cache.ts hands to every search of the same text, since a common word carries
 * hundreds of synonym terms to stem.
 */
const stemmedFormsOf = new WeakMap<QueryWord, string[][]>();
function stemmedForms(word: QueryWord): string[][] {
  let forms = stemmedFormsOf.get(word);
  if (forms === undefined) {
    forms = [...word.alternatives, ...word.related].map((a) => a.map(stem));
    stemmedFormsOf.set(word, forms);
  }
  return forms;
}

/**
 * The query words as text, for the results cache's key: written once per list of words. A search's
 * words come from query-words-cache.ts, the same list for each page and filter of the same text,
 * and a common word carries dozens of synonym terms: written at every query, it was about 2 % of a
 * search page made afresh.
 */
const wordsKeys = new WeakMap<readonly QueryWord[], string>();
function wordsKey(words: readonly QueryWord[]): string {
  let key = wordsKeys.get(words);
  if (key === undefined) {
    key = JSON.stringify(words);
    wordsKeys.set(words, key);
  }
  return key;
}

function keptFields(offre: IndexedOffre): KeptFields {
  const {
    description: _description,
    publishedAt: _publishedAt,
    createdAt: _createdAt,
    localisation: _localisation,
    villeNom: _villeNom,
    secteurNom: _secteurNom,
    ...kept
  } = offre;
  return kept;
}

/** Raises the fields of `fieldMask` in a slot's tiers to `tier` at least, noting a slot touched first. */
function raiseTier(
  tiers: Uint16Array,
  touched: number[],
  slot: number,
  fieldMask: number,
  tier: number,
): void {
  let t = tiers[slot];
  if (t === 0) touched.push(slot);
  for (let f = 0; f < FIELDS; f++) {
    const at = TIER_BITS * f;
    if (fieldMask & (1 << f) && ((t >> at) & TIER_MASK) < tier) t = (t & ~(TIER_MASK << at)) | (tier << at);
  }
  tiers[slot] = t;
}

/** The touched slots of the part matching the fewest (none without parts). */
function narrowestPart(parts: WordMatches[]): number[] {
  let best: number[] = [];
  parts.forEach((p, i) => {
    if (i === 0 || p.touched.length < best.length) best = p.touched;
  });
  return best;
}

/**
 * The `need` first of `slots` (scored in `ranked`) in the answer's order (relevance descending),
 * in that order. A key of covered tokens and score finds the cut (the need-th best key, kept in a
 * small sorted list); only the slots at the cut need the whole order to settle their ties.
 */
function bestOf(
  ranked: Ranked,
  slots: number[],
  need: number,
  order: (a: number, b: number) => number,
): number[] {
  if (need <= 0 || slots.length === 0) return [];
  if (slots.length <= need) return slots.sort(order);
  // Scores are far below 10^6 and rounded to 4 decimals: the key orders as (coverage, inTitle,
  // fewest typos, score) does, and stays exact (prefixes are far below 10^9). Each slot's key is
  // computed once: a common word's query runs this over tens of thousands of slots.
  if (slotKeys.length < slots.length) slotKeys = new Float64Array(slots.length * 2);
  const keys = slotKeys;
  const best: number[] = []; // the `need` largest keys so far, ascending
  for (let i = 0; i < slots.length; i++) {
    const k = orderPrefix(ranked, slots[i]) * 1e6 + ranked.score[slots[i]];
    keys[i] = k;
    if (best.length === need && k <= best[0]) continue;
    let at = best.length;
    while (at > 0 && best[at - 1] > k) at--;
    best.splice(at, 0, k);
    if (best.length > need) best.shift();
  }
  const cut = best[0];
  const above: number[] = [];
  const atCut: number[] = [];
  for (let i = 0; i < slots.length; i++) {
    if (keys[i] > cut) above.push(slots[i]);
    else if (keys[i] === cut) atCut.push(slots[i]);
  }
  return [...above.sort(order), ...firstInOrder(atCut, need - above.length, order)];
}

/** bestOf's keys, by position in the slots it orders; grown as needed (queries never interleave). */
let slotKeys = new Float64Array(1024);

/**
 * What relevance order compares before the score, as one number below (queryWords + 1)³: tokens
 * covered, then covered in the title, then fewest covered only with a typo (each at most the
 * tokens covered).
 */
function orderPrefix(ranked: Ranked, slot: number): number {
  const side = ranked.queryWords + 1;
  const covered = Math.min(ranked.coverage[slot], ranked.queryWords);
  const inTitle = Math.min(ranked.inTitle[slot], covered);
  return (covered * side + inTitle) * side + covered - Math.min(ranked.typos[slot], covered);
}

/**
 * The slots that may be among the first `wanted` in relevance order: those whose order prefix is
 * not behind that of `wanted` others (each slot left out has `wanted` slots strictly before it
 * whatever the scores). Only they need a score. The prefixes are counted in an array, not a map:
 * this runs over every match of a common word.
 */
function contenders(ranked: Ranked, slots: number[], wanted: number): number[] {
  if (slots.length <= wanted) return slots;
  if (wanted <= 0) return [];
  const counts = new Uint32Array((ranked.queryWords + 1) ** 3);
  for (const slot of slots) counts[orderPrefix(ranked, slot)]++;
  let cut = counts.length - 1;
  for (let before = counts[cut]; before < wanted; before += counts[cut]) cut--;
  return cut === 0 ? slots : slots.filter((slot) => orderPrefix(ranked, slot) >= cut);
}

/**
 * The `k` first of `slots` in `order` (a total order), in that order: one comparison for most of
 * a long list, a binary insertion for the few that enter the first k, instead of sorting it all.
 */
function firstInOrder(slots: number[], k: number, order: (a: number, b: number) => number): number[] {
  if (slots.length <= k) return slots.sort(order);
  const first: number[] = [];
  for (const slot of slots) {
    if (first.length === k && order(slot, first[k - 1]) >= 0) continue;
    let lo = 0;
    let hi = first.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (order(first[mid], slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    first.splice(lo, 0, slot);
    if (first.length > k) first.pop();
  }
  return first;
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
