/**
 * Differential check of the search index: over generated offers, generated queries (plurals,
 * feminine forms, elisions, typos, synonyms (a term in two groups among them) and multi-word terms, technical tokens, filters, with
 * and without partial matches) must give exactly the matches, scores, matched words and order of a
 * brute-force scan (brute-force-search.ts): every offer looked at, every field's words compared
 * with every query word, every idf counted. The fast tier runs it small (test/unit), the slow tier
 * at full size (test/scale).
 */
import { expect } from 'chai';
import { fold, stem, tokens } from '../../domain/search/analyzer.ts';
import { bruteForceSearch, scanFields } from './brute-force-search.ts';
import { OffreIndex, type IndexedOffre, type IndexFilters } from '../../domain/search/offre-index.ts';
import { queryWords } from '../../domain/search/query-words.ts';
import { SynonymSet } from '../../domain/search/synonym-set.ts';

const GROUPS = [
  { id: 1, terms: ['développeur', 'dev', 'programmeur'] },
  { id: 2, terms: ['RH', 'ressources humaines'] },
  { id: 3, terms: ['comptable', 'compta'] },
  { id: 4, terms: ['chauffeur', 'conducteur'] },
  { id: 5, terms: ['chef de projet', 'project manager', 'responsable de projet'] },
  { id: 6, terms: ['manager', 'responsable'] },
  // "manager" is in two groups: "responsable", "gérant" and "directeur" are each its related synonyms.
  { id: 7, terms: ['manager', 'gérant', 'directeur'] },
  // A rare term ("aide", a few offers) of a common word ("comptable"): the index looks its
  // candidates up in the common word's lists rather than walk them.
  { id: 8, terms: ['assistant comptable', 'aide comptable'] },
];
const TITLES = [
  // "stage" is one edit from "sage": common as typed, it is not read with typos (offre-index.ts).
  'Stage',
  'Sage-femme',
  'Développeur',
  'Développeuse',
  'Développeurs',
  'Ingénieur',
  'Ingénieure',
  'Comptable',
  'Comptables',
  'Commercial',
  'Commerciale',
  'Commerciaux',
  'Chauffeur',
  'Conducteur',
  'Directrice',
  'Directeur',
  'Technicienne',
  'Technicien',
  'Programmeur',
  'Chargé RH',
  'Responsable ressources humaines',
  'Dev',
  'Assistant comptable',
  "Agent d'accueil",
  'Infirmière',
  'Infirmier',
  'Caissier',
  'Électricien',
  'Chef de projet',
  'Responsable logistique',
  'Manager ventes',
  'Gérant de station',
];
const SKILLS = [
  'C++',
  'C#',
  '.NET',
  'Node.js',
  'R&D',
  'SAP',
  'BTP',
  'Java',
  'Python',
  'Sage',
  'Excel',
  'Autocad',
  'IT',
  'RH',
  'React',
  'SQL',
];
const WORDS = [
  "l'entreprise",
  "d'études",
  'génie',
  'civil',
  'bâtiment',
  'logistique',
  'gestion',
  'gestionnaire',
  'paie',
  'clients',
  'client',
  'banque',
  'assurance',
  'réseaux',
  'réseau',
  'maintenance',
  'électrique',
  'électriques',
  'recrutement',
  'formation',
  'humaines',
  'ressources',
  'vente',
  'ventes',
  'bureaux',
  'bureau',
  'projet',
  'projets',
  'qu’il',
  'expérience',
  'développement',
  'comptabilité',
  'photovoltaïque',
  'dimensionnement',
  'sécurité',
];
const TYPOS = [
  'devloppeur',
  'develloppeur',
  'comptabel',
  'ingenieru',
  'chauffer',
  'logistiqeu',
  'dimensionemment',
  'gomptable',
  'agant',
  'stage',
  'sagee',
];
const CONTRACTS = ['CDI', 'CDD', 'FREELANCE', 'STAGE'] as const;
/**
 * Company names, some holding words that queries use: the name completes a partial match with a
 * word no offer's text holds ("clinique"), unless too many names hold it ("Cameroun"); a word that
 * texts hold ("logistique", "comptable") never counts through a name.
 */
const COMPANY_NAMES = [
  'Banque Atlantique Cameroun',
  'Clinique des Palmiers',
  'Cabinet Comptable Mbarga',
  'Logistique Express Cameroun',
  'Assurances du Golfe Cameroun',
  'Société Générale de Maintenance',
  'Brasseries du Mungo Cameroun',
  // "banquo": held by no offer, one typo from "banque", which offers hold.
  'Banquo Holdings',
];

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function generateOffres(n: number, rand: () => number): IndexedOffre[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const some = <T>(list: readonly T[], k: number) => Array.from({ length: k }, () => pick(list));
  return Array.from({ length: n }, (_, i) => {
    const min = rand() < 0.3 ? null : 100_000 + Math.floor(rand() * 10) * 50_000;
    return {
      id: i + 1,
      titre: rand() < 0.005 ? 'Aide comptable' : `${pick(TITLES)} ${rand() < 0.5 ? pick(WORDS) : ''}`.trim(),
      competences: some(SKILLS, Math.floor(rand() * 4)),
      description: `${some(WORDS, 3 + Math.floor(rand() * 8)).join(' ')} ${rand() < 0.3 ? pick(TITLES) : ''}`,
      entrepriseId: 1 + Math.floor(rand() * 20),
      entrepriseNom: `Entreprise ${Math.floor(rand() * 20)}`,
      secteurId: 1 + Math.floor(rand() * 5),
      villeId: 1 + Math.floor(rand() * 8),
      regionId: 1 + Math.floor(rand() * 3),
      contractType: pick(CONTRACTS),
      remotePossible: rand() < 0.2,
      salaireMin: min,
      salaireMax: min === null || rand() < 0.2 ? null : min + 200_000,
      deadline: rand() < 0.2 ? `2026-11-${String(10 + Math.floor(rand() * 20)).padStart(2, '0')}` : null,
      publishedAt: new Date(Date.UTC(2026, 9, 1) + Math.floor(rand() * 50) * 86_400_000),
      createdAt: new Date(Date.UTC(2026, 8, 1)),
    };
  }).map((o) => ({ ...o, entrepriseNom: COMPANY_NAMES[o.entrepriseId % COMPANY_NAMES.length] }));
}

function generateQuery(rand: () => number): { q: string; filters: IndexFilters } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const pool = [
    ...TITLES,
    ...SKILLS,
    ...WORDS,
    ...TYPOS,
    'ressources humaines',
    'project manager',
    'chef de projet',
    'manager',
    'le',
    '+-"*',
    'clinique',
    'palmiers',
    'brasseries',
    'mungo',
    'cameroun',
    'banquo',
  ];
  // One query in twenty is a company's name, whole or in part ("brasseries cameroun").
  const q =
    rand() < 0.05
      ? tokens(pick(COMPANY_NAMES))
          .filter(() => rand() < 0.7)
          .join(' ')
      : Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(pool)).join(' ');
  const filters: IndexFilters = {};
  if (rand() < 0.2) filters.contractType = pick(CONTRACTS);
  if (rand() < 0.15) filters.villeId = 1 + Math.floor(rand() * 8);
  if (rand() < 0.1) filters.regionId = 1 + Math.floor(rand() * 3);
  if (rand() < 0.1) filters.remotePossible = rand() < 0.5;
  if (rand() < 0.1) filters.salaireMin = 200_000;
  if (rand() < 0.1) filters.salaireMax = 300_000;
  return { q, filters };
}

function passes(o: IndexedOffre, f: IndexFilters, today: string): boolean {
  return (
    (o.deadline === null || o.deadline >= today) &&
    (!f.contractType || o.contractType === f.contractType) &&
    (!f.villeId || o.villeId === f.villeId) &&
    (!f.regionId || o.regionId === f.regionId) &&
    (f.remotePossible === undefined || o.remotePossible === f.remotePossible) &&
    (f.salaireMin === undefined || (o.salaireMax !== null && o.salaireMax >= f.salaireMin)) &&
    (f.salaireMax === undefined || (o.salaireMin !== null && o.salaireMin <= f.salaireMax))
  );
}

/**
 * Runs `size.queries` generated queries over `size.offres` generated offers (6% of them changed,
 * 6% removed, as in a live index), asserting each answer; returns how many queries found something
 * and how many had partial matches, so the caller can check the queries exercised the index.
 */
export function runSearchDifferential(size: { offres: number; queries: number }): {
  nonEmpty: number;
  partial: number;
  related: number;
  named: number;
  companies: number;
} {
  const changed = Math.round(size.offres * 0.06);
  const rand = seeded(20261124);
  const offres = generateOffres(size.offres, rand);
  const index = new OffreIndex();
  for (const o of offres) index.upsert(o);
  // Some offers change or go away, as they do in a live index.
  for (const o of offres.slice(0, changed)) index.upsert({ ...o, titre: `${o.titre} Comptable` });
  // Half the removed ones before the index renumbers its slots (as it does once many are dead),
  // half after, so both the renumbered slots and dead ones are queried.
  const removedFirst = Math.round(changed * 1.5);
  for (const o of offres.slice(changed, removedFirst)) index.remove(o.id);
  index.compact();
  for (const o of offres.slice(removedFirst, 2 * changed)) index.remove(o.id);
  const live = [
    ...offres.slice(0, changed).map((o) => ({ ...o, titre: `${o.titre} Comptable` })),
    ...offres.slice(2 * changed),
  ].map((o) => ({
    ...o,
    publishedAt: o.publishedAt as Date,
    fields: scanFields(o),
  }));
  const scanned = live.map((o) => ({
    id: o.id,
    publishedAt: o.publishedAt.getTime(),
    fields: o.fields,
    nameStems: tokens(o.entrepriseNom).map(stem),
  }));
  const synonyms = new SynonymSet(GROUPS);
  const today = '2026-11-20';
  let nonEmpty = 0;
  let partial = 0;
  let related = 0;
  let named = 0;
  let companies = 0;
  for (let i = 0; i < size.queries; i++) {
    const { q, filters } = generateQuery(rand);
    // Half the queries as a search answers them (partial matches below 20), half strict.
    const partialBelow = i % 2 ? 20 : 0;
    const words = queryWords(q, synonyms);
    const candidats = scanned.filter((_, k) => passes(live[k], filters, today));
    const expected = words.length ? bruteForceSearch(scanned, candidats, words, partialBelow) : [];
    const page = (offset: number, limit: number) =>
      words.length
        ? index.query({
            words,
            filters,
            today,
            sort: [{ field: 'relevance', direction: 'desc' }],
            offset,
            limit,
            partialBelow,
          })
        : { hits: [], total: 0 };
    const context = `"${q}" ${JSON.stringify(filters)} partialBelow ${partialBelow}`;
    const expectPage = (answer: ReturnType<typeof page>, offset: number, limit: number) => {
      expect(answer.total, `total for ${context}`).to.equal(expected.length);
      expect(
        answer.hits.map((h) => [h.id, h.relevanceScore, h.matchedWords]),
        `hits ${offset} to ${offset + limit} for ${context}`,
      ).to.deep.equal(expected.slice(offset, offset + limit).map((h) => [h.id, h.score, h.matchedWords]));
    };
    // Pages as a reader turns them (the index orders only the first matches, then more when asked),
    // then the whole answer.
    const first = Math.floor(rand() * 40);
    const later = first + Math.floor(rand() * 300);
    for (const [offset, limit] of [
      [first, 10],
      [later, 20],
      [0, 10_000],
    ])
      expectPage(page(offset, limit), offset, limit);
    const answer = page(0, 10_000);
    if (expected.length) nonEmpty += 1;
    if (expected.some((h) => h.matchedWords < (answer.hits[0]?.queryWords ?? 0))) partial += 1;
    if (expected.length && words.some((w) => w.related.length)) related += 1;
    if (expected.some((h) => h.named > 0)) named += 1;
    if (expected.some((h) => h.named === h.matchedWords && h.matchedWords > 1)) companies += 1;
  }
  expect(fold('Ä')).to.equal('a');
  return { nonEmpty, partial, related, named, companies };
}
