/**
 * The relevance data set, built from ESCO's occupations (the table in seeds/data/esco-job-titles.tsv;
 * ESCO, European Commission, CC BY 4.0; see seeds/data/README.md), not from our demo generator.
 *
 * Offers: two per French title of every occupation, with the variants real ads use (H/F, the
 * feminine form, a level, a city, a contract); a short generic description; no skills.
 * Queries, each from one occupation, relevant = every offer of that occupation:
 * - exact: a French title as listed;       - plural: its words in the plural;
 * - feminine: the feminine form of its head; - accents: without accents;
 * - typo: one edit (not on the first letter) in its longest word;
 * - abbreviation: a title holding a spelled-out term of the shipped abbreviation list, the term
 *   replaced by its abbreviation ("directeur des ressources humaines" -> "DRH");
 * - english: an English title of the occupation (any of them, the table's first group's or the others).
 * The same queries can be drawn from the ROME's occupations (bench/relevance.ts's second table: its
 * French titles, and as English titles those the ESCO table lends them).
 * The occupations are cut in two halves by their id (splitOf): queries of the "dev" half are the
 * ones to look at while tuning the engine, those of the "test" half the ones the figures report.
 */
import { fold, tokens } from '../../domain/search/analyzer.ts';
import type { IndexedOffre } from '../../domain/search/offre-index.ts';
import { escoOccupations, type EscoOccupation } from '../../seeds/data/esco-job-titles.ts';
import {
  JOB_TITLE_ABBREVIATIONS,
  JOB_TITLE_ABBREVIATIONS_2,
} from '../../seeds/data/job-title-abbreviations.ts';
import { seededRandom } from '../lib/random.ts';

export const QUERY_TYPES = [
  'exact',
  'plural',
  'feminine',
  'accents',
  'typo',
  'abbreviation',
  'english',
] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

/** Which half of the occupations a query comes from: tune on "dev", report "test". */
export type Split = 'dev' | 'test';

export interface BenchQuery {
  type: QueryType;
  q: string;
  occupation: string;
  split: Split;
}

export interface RelevanceData {
  occupations: EscoOccupation[];
  offres: IndexedOffre[];
  /** Occupation of each offer id. */
  occupationOf: Map<number, string>;
  queries: BenchQuery[];
}

/** Words after which a French title's complement starts: only the head before them is inflected. */
const COMPLEMENT = new Set(['de', 'du', 'des', "d'", 'en', 'à', 'au', 'aux', 'pour', 'sur', 'et', 'chez']);
const CITIES = ['Douala', 'Yaoundé', 'Bafoussam', 'Garoua', 'Kribi', 'Limbé'];
const LEVELS = ['senior', 'junior', 'confirmé', 'expérimenté', 'principal'];
const CONTRACTS = ['CDI', 'CDD', 'FREELANCE', 'STAGE'] as const;
const DESCRIPTIONS = [
  'Nous recrutons pour renforcer notre équipe. Poste basé à {city}, rémunération selon profil.',
  'Entreprise en forte croissance recherche un profil motivé et rigoureux. Prise de poste immédiate à {city}.',
  'Rejoignez une structure reconnue de {city}. Avantages : transport, assurance maladie.',
  'Sous la responsabilité du responsable de site, vous intervenez au quotidien à {city}.',
];

export function feminineWord(word: string): string {
  const rules: [RegExp, string][] = [
    [/^chef$/, 'cheffe'],
    [/teur$/, 'trice'],
    [/eur$/, 'euse'],
    [/ien$/, 'ienne'],
    [/ier$/, 'ière'],
    [/er$/, 'ère'],
    [/if$/, 'ive'],
    [/el$/, 'elle'],
    [/on$/, 'onne'],
    [/é$/, 'ée'],
    [/(al|ant|ent|ot|in|ais|ois|ard)$/, '$1e'],
  ];
  for (const [from, to] of rules) if (from.test(word)) return word.replace(from, to);
  return word;
}

function pluralWord(word: string): string {
  if (/[sxz]$/.test(word) || word.length < 3) return word;
  if (/eau$/.test(word)) return `${word}x`;
  if (/al$/.test(word) && !/(bal|cal|val)$/.test(word)) return word.replace(/al$/, 'aux');
  return `${word}s`;
}

/** Inflects the head of a title (the words before its complement), keeping the rest. */
function inflectHead(title: string, inflect: (w: string) => string): string {
  const words = title.split(' ');
  let inHead = true;
  return words
    .map((w) => {
      if (COMPLEMENT.has(w.toLowerCase()) || /^(d|l)['’]/.test(w)) inHead = false;
      return inHead && /^[\p{L}-]+$/u.test(w) ? w.split('-').map(inflect).join('-') : w;
    })
    .join(' ');
}

function plural(title: string): string {
  return title
    .split(' ')
    .map((w) => (COMPLEMENT.has(w.toLowerCase()) || !/^[\p{L}]+$/u.test(w) ? w : pluralWord(w)))
    .join(' ');
}

function withoutAccents(title: string): string {
  return title.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

function typo(title: string, rand: () => number): string {
  const words = title.split(' ');
  const longest = words.reduce((best, w, i) => (w.length > words[best].length ? i : best), 0);
  const w = words[longest];
  const at = 1 + Math.floor(rand() * (w.length - 1));
  const letter = 'aeioulnrst'[Math.floor(rand() * 10)];
  const edits = [
    () => w.slice(0, at) + w.slice(at + 1),
    () => w.slice(0, at) + letter + w.slice(at),
    () => w.slice(0, at) + letter + w.slice(at + 1),
    () => (at + 1 < w.length ? w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2) : w.slice(0, at)),
  ];
  words[longest] = edits[Math.floor(rand() * edits.length)]();
  return words.join(' ');
}

function capitalised(title: string): string {
  return title.charAt(0).toUpperCase() + title.slice(1);
}

function offerTitle(title: string, variant: number, rand: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const t = capitalised(title);
  switch (variant % 5) {
    case 0:
      return t;
    case 1:
      return `${t} H/F`;
    case 2:
      return capitalised(inflectHead(title, feminineWord));
    case 3:
      return `${t} ${pick(LEVELS)}`;
    default:
      return `${t} - ${pick(CITIES)}`;
  }
}

function offres(occupations: EscoOccupation[], rand: () => number) {
  const out: IndexedOffre[] = [];
  const occupationOf = new Map<number, string>();
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  for (const occ of occupations)
    for (const title of occ.fr)
      for (let copy = 0; copy < 2; copy++) {
        const id = out.length + 1;
        out.push({
          id,
          titre: offerTitle(title, copy === 0 ? 0 : 1 + Math.floor(rand() * 4), rand),
          competences: [],
          description: pick(DESCRIPTIONS).replace('{city}', pick(CITIES)),
          entrepriseId: 1 + Math.floor(rand() * 500),
          entrepriseNom: `Entreprise ${id % 500}`,
          secteurId: null,
          villeId: null,
          regionId: null,
          contractType: pick(CONTRACTS),
          remotePossible: false,
          salaireMin: null,
          salaireMax: null,
          deadline: null,
          publishedAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(rand() * 300) * 86_400_000),
          createdAt: new Date(Date.UTC(2026, 0, 1)),
        });
        occupationOf.set(id, occ.id);
      }
  return { offres: out, occupationOf };
}

/** Abbreviation queries: titles holding a spelled-out term of the list, with the abbreviation instead. */
function abbreviationQueries(occupations: EscoOccupation[]): BenchQuery[] {
  const out: BenchQuery[] = [];
  const abbreviations = [...JOB_TITLE_ABBREVIATIONS, ...JOB_TITLE_ABBREVIATIONS_2].filter((g) =>
    /^[A-Z]{2,5}$/.test(g[0]),
  );
  for (const occ of occupations)
    for (const title of occ.fr) {
      const folded = ` ${tokens(title).join(' ')} `;
      for (const [abbr, ...spelled] of abbreviations) {
        const term = spelled
          .map((s) => ` ${tokens(s).join(' ')} `)
          .find((s) => s.trim() && folded.includes(s));
        if (!term) continue;
        const q = folded.replace(term, ` ${abbr} `).trim();
        out.push({ type: 'abbreviation', q, occupation: occ.id, split: splitOf(occ.id) });
        break;
      }
    }
  return out;
}

function shuffled<T>(list: T[], rand: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Each type draws from its own generator (seeded from the seed, the half and the type), so that
 * a change of one type's pool (an abbreviation added to the list) leaves the other types' queries
 * as they were.
 */
function queries(occupations: EscoOccupation[], perType: number, seed: number, split: Split): BenchQuery[] {
  const out: BenchQuery[] = [];
  let rand: () => number = Math.random;
  const sample = (type: QueryType, make: (occ: EscoOccupation) => string | null) => {
    rand = randomOf(seed, split, type);
    let n = 0;
    for (const occ of shuffled(occupations, rand)) {
      if (n >= perType) break;
      const q = make(occ);
      if (!q) continue;
      out.push({ type, q, occupation: occ.id, split: splitOf(occ.id) });
      n += 1;
    }
  };
  const anyFr = (occ: EscoOccupation) => occ.fr[Math.floor(rand() * occ.fr.length)] ?? null;
  sample('exact', anyFr);
  sample('plural', (occ) => {
    const t = anyFr(occ);
    return t && fold(plural(t)) !== fold(t) ? plural(t) : null;
  });
  sample('feminine', (occ) => {
    const t = anyFr(occ);
    const f = t && inflectHead(t, feminineWord);
    return t && f && f !== t ? f : null;
  });
  sample('accents', (occ) => {
    const t = anyFr(occ);
    return t && withoutAccents(t) !== t ? withoutAccents(t) : null;
  });
  sample('typo', (occ) => {
    const t = anyFr(occ);
    return t ? typo(t, rand) : null;
  });
  rand = randomOf(seed, split, 'abbreviation');
  out.push(...shuffled(abbreviationQueries(occupations), rand).slice(0, perType));
  sample('english', (occ) => {
    const titles = [...occ.en, ...occ.moreEn];
    return titles[Math.floor(rand() * titles.length)] ?? null;
  });
  return out;
}

/**
 * The half an occupation belongs to, from the last character of its id (hexadecimal and random for
 * ESCO, a digit for a ROME code): stable across runs and seeds.
 */
export function splitOf(occupation: string): Split {
  return Number.parseInt(occupation.slice(-1), 16) % 2 === 0 ? 'dev' : 'test';
}

function randomOf(seed: number, split: Split, type: QueryType): () => number {
  let h = seed;
  for (const c of `${split}:${type}`) h = (h * 31 + c.charCodeAt(0)) % 2147483647;
  return seededRandom(h).rand;
}

/**
 * Offers of every occupation; `perType` queries of each type in each half. The occupations are
 * ESCO's unless given (the ROME's, as `{ id, fr, en, moreEn: [] }`).
 */
export function relevanceData(options: {
  perType: number;
  seed: number;
  occupations?: EscoOccupation[];
}): RelevanceData {
  const { rand } = seededRandom(options.seed);
  const occupations = (options.occupations ?? escoOccupations()).filter((o) => o.fr.length > 0);
  const half = (split: Split) => occupations.filter((o) => splitOf(o.id) === split);
  const made = offres(occupations, rand);
  return {
    occupations,
    ...made,
    queries: [
      ...queries(half('dev'), options.perType, options.seed, 'dev'),
      ...queries(half('test'), options.perType, options.seed, 'test'),
    ],
  };
}
