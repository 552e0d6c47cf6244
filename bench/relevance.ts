/**
 * bench/relevance.ts: relevance of our search next to MiniSearch and Lunr (French) on a data set
 * built from ESCO's occupations (bench/relevance/dataset.ts): nDCG@10, P@10, recall@100 and the
 * share of queries without results, per query type and overall (mean over queries).
 *
 * Ours runs twice. "ours" has every shipped synonym group, as production does; since the ESCO
 * table holds the very occupations the queries come from, "ours, held out" drops the ESCO groups
 * of every queried occupation (keeping the others and the lists written for the project: the
 * abbreviations and the English words of job titles): that row measures
 * what the engine does for an occupation the table does not know, and is the one compared with the
 * peers on the last line.
 *
 * The queries come in two halves of the occupations (dataset.ts, splitOf): the engine is tuned
 * looking at the "dev" half only (--inspect prints its worst queries with what we return), and
 * the table and the last line report the "test" half, which nobody tuned on.
 *
 *   node --import tsx bench/relevance.ts [--per-type 100] [--seed 27] [--inspect 20 [--type english] [--versus] [--full]]
 */
import { parseArgs } from 'node:util';
import { SYNONYM_GROUPS, SYNONYM_SETS } from '../seeds/search-synonyms.ts';
import {
  JOB_TITLE_ABBREVIATIONS,
  JOB_TITLE_ABBREVIATIONS_2,
  JOB_TITLE_ABBREVIATIONS_3,
  JOB_TITLE_ABBREVIATIONS_4,
  JOB_TITLE_ABBREVIATIONS_5,
} from '../seeds/data/job-title-abbreviations.ts';
import { escoMoreEnglishGroups, escoOccupations } from '../seeds/data/esco-job-titles.ts';
import { escoWordTranslations } from '../seeds/data/esco-word-translations.ts';
import { romeMoreEnglishGroups, romeOccupations, romeSynonymGroups } from '../seeds/data/rome-job-titles.ts';
import { romeEnglishTitles, romeMoreEnglishTitles } from '../seeds/data/rome-english-titles.ts';
import { englishJobWordGroups } from '../seeds/data/english-job-words.ts';
import { QUERY_TYPES, relevanceData, type BenchQuery, type RelevanceData } from './relevance/dataset.ts';
import { lunrFrench, miniSearch, ours, type Engine } from './relevance/engines.ts';
import { mean, measure, type Measures } from './relevance/metrics.ts';

const { values } = parseArgs({
  options: {
    'per-type': { type: 'string', default: '100' },
    seed: { type: 'string', default: '27' },
    inspect: { type: 'string' },
    type: { type: 'string' },
    versus: { type: 'boolean' },
    full: { type: 'boolean' },
  },
});
const perType = Number(values['per-type']);

const f = (n: number) => n.toFixed(3);

function timed<T>(label: string, build: () => T): T {
  const started = performance.now();
  const out = build();
  console.log(`  ${label}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return out;
}

function run(engine: Engine, queries: BenchQuery[], relevantOf: (q: BenchQuery) => Set<number>) {
  const started = performance.now();
  const byType = new Map<string, Measures[]>();
  for (const q of queries) {
    const m = measure(engine.search(q.q), relevantOf(q));
    byType.set(q.type, [...(byType.get(q.type) ?? []), m]);
  }
  const ms = (performance.now() - started) / queries.length;
  const all = [...byType.values()].flat();
  return {
    engine: engine.name,
    ms,
    overall: mean(all),
    byType: new Map([...byType].map(([t, l]) => [t, mean(l)])),
  };
}

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
type Run = ReturnType<typeof run>;

function printTable(results: Run[]): void {
  console.log('| query type | engine | nDCG@10 | P@10 | recall@100 | zero results |');
  console.log('|---|---|---|---|---|---|');
  for (const type of [...QUERY_TYPES, 'overall']) {
    for (const r of results) {
      const m = type === 'overall' ? r.overall : r.byType.get(type);
      if (!m) continue;
      console.log(
        `| ${type} | ${r.engine} | ${f(m.ndcg10)} | ${f(m.p10)} | ${f(m.recall100)} | ${pct(m.zero)} |`,
      );
    }
  }
}

const relevantOfData = (data: RelevanceData) => {
  const byOccupation = new Map<string, Set<number>>();
  for (const [id, occ] of data.occupationOf)
    byOccupation.set(occ, (byOccupation.get(occ) ?? new Set()).add(id));
  return (q: BenchQuery) => byOccupation.get(q.occupation) ?? new Set<number>();
};

const shipped = SYNONYM_SETS.flatMap((s) => s.groups());
/** The lists written for the project (not learnt from a table): every held-out run keeps them. */
const writtenForTheProject = [
  JOB_TITLE_ABBREVIATIONS,
  JOB_TITLE_ABBREVIATIONS_2,
  JOB_TITLE_ABBREVIATIONS_3,
  JOB_TITLE_ABBREVIATIONS_4,
  JOB_TITLE_ABBREVIATIONS_5,
  SYNONYM_GROUPS,
  englishJobWordGroups(),
].flat();

// 1. ESCO: held out, the ESCO groups of the queried occupations go, and the word translations and
// the English titles lent to the ROME's occupations are learnt again without them; the ROME's
// groups (another nomenclature) stay.
const data = relevanceData({ perType, seed: Number(values.seed) });
const queried = new Set(data.queries.map((q) => q.occupation));
const testQueries = data.queries.filter((q) => q.split === 'test');
const devQueries = data.queries.filter((q) => q.split === 'dev');
console.log(
  `bench/relevance: ESCO occupations ${data.occupations.length}, offers ${data.offres.length}, queries ${data.queries.length}: dev ${devQueries.length}, test ${testQueries.length} (${QUERY_TYPES.map((t) => `${t} ${testQueries.filter((q) => q.type === t).length}`).join(', ')})`,
);
const knownOccupations = escoOccupations().filter((o) => !queried.has(o.id));
const heldOut = [
  ...writtenForTheProject,
  ...knownOccupations.map((o) => [...o.fr, ...o.en]),
  ...escoMoreEnglishGroups(knownOccupations),
  ...escoWordTranslations(knownOccupations),
  ...romeSynonymGroups(romeOccupations(), romeEnglishTitles(romeOccupations(), knownOccupations)),
  ...romeMoreEnglishGroups(romeOccupations(), romeMoreEnglishTitles(romeOccupations(), knownOccupations)),
];
const engines = [
  timed('ours', () => ours('ours', data.offres, shipped)),
  timed('ours, held out', () => ours('ours, held out', data.offres, heldOut)),
];
const relevantOf = relevantOfData(data);

if (values.inspect) {
  const inspected = values.full ? engines[0] : engines[1];
  inspect(
    inspected,
    Number(values.inspect),
    values.type,
    values.versus ? miniSearch(data.offres) : undefined,
  );
  process.exit(0);
}

engines.push(
  timed('MiniSearch', () => miniSearch(data.offres)),
  timed('Lunr', () => lunrFrench(data.offres)),
);
const devRun = run(engines[1], devQueries, relevantOf);
const results = engines.map((e) => run(e, testQueries, relevantOf));

console.log('');
console.log('Test half (the dev half tuned the engine; its held-out figures follow the table):');
printTable(results);
console.log('');
console.log(
  `  dev half, ours held out: ${[...devRun.byType].map(([t, m]) => `${t} ${f(m.ndcg10)}`).join(', ')}, overall ${f(devRun.overall.ndcg10)}`,
);
for (const r of results) console.log(`  ${r.engine}: ${r.ms.toFixed(2)} ms a query`);

// 2. The ROME's job titles (France Travail); English queries from the English titles the ESCO
// table lends its occupations (rome-english-titles.ts), any of them. Held out, the ROME groups of
// the queried occupations go (with the English titles lent to them); the ESCO table and its word
// translations stay, so an English query there meets the ESCO occupation's French titles only.
const romeAll = romeOccupations();
const lentEnglish = romeEnglishTitles(romeAll, escoOccupations());
const moreLentEnglish = romeMoreEnglishTitles(romeAll, escoOccupations());
const rome = relevanceData({
  perType,
  seed: Number(values.seed),
  occupations: romeAll.map((o) => ({
    id: o.id,
    fr: o.titles,
    en: lentEnglish.get(o.id) ?? [],
    moreEn: moreLentEnglish.get(o.id) ?? [],
  })),
});
const romeQueried = new Set(rome.queries.map((q) => q.occupation));
const romeTest = rome.queries.filter((q) => q.split === 'test');
console.log('');
console.log(
  `ROME occupations ${rome.occupations.length}, offers ${rome.offres.length}, test queries ${romeTest.length}`,
);
const romeHeldOut = [
  ...writtenForTheProject,
  ...escoOccupations().map((o) => [...o.fr, ...o.en]),
  ...escoMoreEnglishGroups(escoOccupations()),
  ...escoWordTranslations(escoOccupations()),
  ...romeSynonymGroups(
    romeAll.filter((o) => !romeQueried.has(o.id)),
    lentEnglish,
  ),
  ...romeMoreEnglishGroups(
    romeAll.filter((o) => !romeQueried.has(o.id)),
    moreLentEnglish,
  ),
];
const romeResults = [
  ours('ours', rome.offres, shipped),
  ours('ours, held out', rome.offres, romeHeldOut),
  miniSearch(rome.offres),
  lunrFrench(rome.offres),
].map((e) => run(e, romeTest, relevantOfData(rome)));
printTable(romeResults);

console.log('');
const [, heldOutRun, ...peers] = results;
const best = peers.reduce((a, b) => (b.overall.ndcg10 > a.overall.ndcg10 ? b : a));
console.log(
  `relevance: nDCG@10 ${f(heldOutRun.overall.ndcg10)} vs ${f(best.overall.ndcg10)} (${best.engine})`,
);

/**
 * The worst dev queries of an engine (or, with a peer, those it loses most to the peer), with its
 * first answers and the occupation's titles.
 */
function inspect(engine: Engine, count: number, type?: string, peer?: Engine) {
  const titleOf = new Map(data.offres.map((o) => [o.id, o.titre]));
  const rows = devQueries
    .filter((q) => !type || q.type === type)
    .map((q) => {
      const ranked = engine.search(q.q);
      const m = measure(ranked, relevantOf(q));
      const gap = peer ? m.ndcg10 - measure(peer.search(q.q), relevantOf(q)).ndcg10 : m.ndcg10;
      return { q, ranked, m, gap };
    })
    .sort((a, b) => a.gap - b.gap)
    .slice(0, count);
  const mark = (q: BenchQuery, id: number) => (relevantOf(q).has(id) ? '+' : '-');
  for (const { q, ranked, m, gap } of rows) {
    const occupation = data.occupations.find((o) => o.id === q.occupation);
    console.log(`\n[${q.type}] "${q.q}" nDCG@10 ${f(m.ndcg10)}, ${ranked.length} results, gap ${f(gap)}`);
    console.log(`  occupation: ${occupation?.fr.join(' | ')}`);
    for (const id of ranked.slice(0, 5)) console.log(`  ${mark(q, id)} ${titleOf.get(id)}`);
  }
}
