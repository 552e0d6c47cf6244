/**
 * An in-memory search index of offers that differ only by title, for the unit tests of the
 * search rules (no database): the offers, and a search that returns their ids best first.
 */
import { OffreIndex, type IndexedOffre } from '../../domain/search/offre-index.ts';
import { queryWords } from '../../domain/search/query-words.ts';
import { PARTIAL_BELOW } from '../../domain/search/relevance.ts';
import { SynonymSet } from '../../domain/search/synonym-set.ts';
import { SYNONYM_SETS } from '../../seeds/search-synonyms.ts';

let shipped: SynonymSet | undefined;

/** The shipped synonym sets `keep` chooses, as a seeded database holds them. */
export function synonymsOfSets(keep: (name: string) => boolean): SynonymSet {
  return new SynonymSet(
    SYNONYM_SETS.filter((set) => keep(set.name))
      .flatMap((set) => set.groups())
      .map((terms, i) => ({ id: i + 1, terms })),
  );
}

/** Every shipped synonym set, as a database seeded by `recrutement db seed` holds them (built once). */
export function shippedSynonyms(): SynonymSet {
  shipped ??= synonymsOfSets(() => true);
  return shipped;
}

/** An offer titled `titre`; a higher id is published later (recency breaks the last ties). */
export function titledOffre(id: number, titre: string): IndexedOffre {
  return {
    id,
    titre,
    competences: [],
    description: 'Poste basé à Douala',
    entrepriseId: 1,
    entrepriseNom: 'Société',
    secteurId: null,
    villeId: null,
    regionId: null,
    contractType: 'CDI',
    remotePossible: false,
    salaireMin: null,
    salaireMax: null,
    deadline: null,
    publishedAt: new Date(Date.UTC(2026, 0, 1 + id)),
    createdAt: new Date(Date.UTC(2026, 0, 1)),
  };
}

/** The ids of the first `limit` answers to `q`, ranked by relevance as GET /offres/search ranks. */
export function searchTitles(index: OffreIndex, synonyms: SynonymSet, q: string, limit = 20): number[] {
  return index
    .query({
      words: queryWords(q, synonyms, (s) => index.knowsStem(s)),
      filters: {},
      today: '2026-01-01',
      sort: [{ field: 'relevance', direction: 'desc' }],
      offset: 0,
      limit,
      partialBelow: PARTIAL_BELOW,
    })
    .hits.map((h) => h.id);
}
