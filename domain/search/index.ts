/**
 * Offer search: the analyzer, the in-memory index and its filters, relevance, synonyms and typos, and
 * the port the search engine implements (search-index.ts). The public face of the area: other areas
 * import only this file.
 */
export { fold, stem, tokens, words } from './analyzer.ts';
export { publicOffresPublishedSince } from './indexed-offres.ts';
export type { OffreFilters } from './offre-filters.ts';
export {
  type IndexedOffre,
  type IndexHit,
  type IndexQuery,
  type IndexSort,
  OffreIndex,
  type SortField,
} from './offre-index.ts';
export { queryWords, spelledOut } from './query-words.ts';
export { searchWordsOf } from './query-words-cache.ts';
export { PARTIAL_BELOW } from './relevance.ts';
export { readySearch } from './search-of.ts';
export { loadSynonymGroups } from './synonym-groups.ts';
export { type SynonymGroup, SynonymSet } from './synonym-set.ts';
