/**
 * The engines compared on the relevance data set, each answering a query with its first 100 offer
 * ids: ours (the search index with the shipped synonyms, as GET /offres/search runs it), and
 * MiniSearch and Lunr configured for French as their documentation shows (Lunr with lunr-languages'
 * French pipeline; MiniSearch with a processTerm that drops French stop-words and applies the same
 * French Snowball stemmer, plus its fuzzy, prefix and OR search options).
 */
import lunr from 'lunr';
import stemmerSupport from 'lunr-languages/lunr.stemmer.support.js';
import lunrFr from 'lunr-languages/lunr.fr.js';
import MiniSearch from 'minisearch';
import { OffreIndex, type IndexedOffre } from '../../domain/search/offre-index.ts';
import { queryWords } from '../../domain/search/query-words.ts';
import { PARTIAL_BELOW } from '../../domain/search/relevance.ts';
import { SynonymSet } from '../../domain/search/synonym-set.ts';

export const DEPTH = 100;

export interface Engine {
  name: string;
  search(q: string): number[];
}

interface LunrFrench {
  fr: lunr.Builder.Plugin & { stemmer: (word: string) => string; stopWordFilter: (word: string) => unknown };
}

stemmerSupport(lunr);
lunrFr(lunr);
const french = (lunr as unknown as LunrFrench).fr;

export function ours(name: string, offres: IndexedOffre[], groups: string[][]): Engine {
  const index = new OffreIndex();
  for (const o of offres) index.upsert(o);
  const synonyms = new SynonymSet(groups.map((terms, i) => ({ id: i + 1, terms })));
  return {
    name,
    search(q) {
      const words = queryWords(q, synonyms, (s) => index.knowsStem(s));
      if (words.length === 0) return [];
      const answer = index.query({
        words,
        filters: {},
        today: '2026-01-01',
        sort: [{ field: 'relevance', direction: 'desc' }],
        offset: 0,
        limit: DEPTH,
        partialBelow: PARTIAL_BELOW,
      });
      return answer.hits.map((h) => h.id);
    },
  };
}

const withoutAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

export function miniSearch(offres: IndexedOffre[]): Engine {
  const processTerm = (term: string) => {
    const t = term.toLowerCase();
    if (!french.stopWordFilter(t)) return null;
    return withoutAccents(french.stemmer(t));
  };
  const index = new MiniSearch<{ id: number; titre: string; competences: string; description: string }>({
    fields: ['titre', 'competences', 'description'],
    processTerm,
    searchOptions: { boost: { titre: 4, competences: 2 }, fuzzy: 0.2, prefix: true, combineWith: 'OR' },
  });
  index.addAll(offres.map((o) => ({ ...o, competences: o.competences.join(' ') })));
  return {
    name: 'MiniSearch 7.2',
    search: (q) =>
      index
        .search(q)
        .slice(0, DEPTH)
        .map((r) => Number(r.id)),
  };
}

export function lunrFrench(offres: IndexedOffre[]): Engine {
  const index = lunr(function () {
    this.use(french);
    this.ref('id');
    this.field('titre', { boost: 4 });
    this.field('competences', { boost: 2 });
    this.field('description');
    for (const o of offres) this.add({ ...o, competences: o.competences.join(' ') });
  });
  return {
    name: 'Lunr 2.3 + lunr-languages fr',
    search: (q) =>
      index
        .query((query) => query.term(lunr.tokenizer(q), { usePipeline: true }))
        .slice(0, DEPTH)
        .map((r) => Number(r.ref)),
  };
}
