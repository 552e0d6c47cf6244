/**
 * bench/relevance.ts: relevance of our search next to MiniSearch and Lunr (French) on a data set
 * built from ESCO's occupations (bench/relevance/dataset.ts): nDCG@10, P@10, recall@100 and the
 * share of queries without results, per query type and overall (mean over queries).
 *
 * Ours runs twice. "ours" has every shipped synonym group, as production does; since the ESCO
 * table holds the very occupations the queries come from, "ours, held out" drops the ESCO groups
 * of every queried occupation (keeping the others and the abbreviation list): that row measures
 * what the engine does for an occupation the table does not know, and is the one compared with the
 * peers on the last line.
 *
 *   node --import tsx bench/relevance.ts [--per-type 100] [--seed 27]
 */
import { parseArgs } from 'node:util';
import { SYNONYM_SETS } from '../seeds/search-synonyms.ts';
import { escoOccupations } from '../seeds/data/esco-job-titles.ts';
import { QUERY_TYPES, relevanceData, type BenchQuery } from './relevance/dataset.ts';
import { lunrFrench, miniSearch, ours, type Engine } from './relevance/engines.ts';
import { mean, measure, type Measures } from './relevance/metrics.ts';

const { values } = parseArgs({
  options: { 'per-type': { type: 'string', default: '100' }, seed: { type: 'string', default: '27' } },
});
const perType = Number(values['per-type']);

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

const data = relevanceData({ perType, seed: Number(values.seed) });
const queried = new Set(data.queries.map((q) => q.occupation));
console.log(
  `bench/relevance: ESCO occupations ${data.occupations.length}, offers ${data.offres.length}, queries ${data.queries.length} (${QUERY_TYPES.map((t) => `${t} ${data.queries.filter((q) => q.type === t).length}`).join(', ')})`,
);
const shipped = SYNONYM_SETS.flatMap((s) => s.groups());
const heldOutEsco = escoOccupations()
  .filter((o) => !queried.has(o.id))
  .map((o) => [...o.fr, ...o.en]);
const heldOut = [...SYNONYM_SETS[0].groups(), ...SYNONYM_SETS[1].groups(), ...heldOutEsco];
const engines = [
  timed('ours', () => ours('ours', data.offres, shipped)),
  timed('ours, held out', () => ours('ours, held out', data.offres, heldOut)),
  timed('MiniSearch', () => miniSearch(data.offres)),
  timed('Lunr', () => lunrFrench(data.offres)),
];
const byOccupation = new Map<string, Set<number>>();
for (const [id, occ] of data.occupationOf)
  byOccupation.set(occ, (byOccupation.get(occ) ?? new Set()).add(id));
const relevantOf = (q: BenchQuery) => byOccupation.get(q.occupation) ?? new Set<number>();
const results = engines.map((e) => run(e, data.queries, relevantOf));

const f = (n: number) => n.toFixed(3);
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
console.log('');
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
console.log('');
for (const r of results) console.log(`  ${r.engine}: ${r.ms.toFixed(2)} ms a query`);
const [, heldOutRun, ...peers] = results;
const best = peers.reduce((a, b) => (b.overall.ndcg10 > a.overall.ndcg10 ? b : a));
console.log(
  `relevance: nDCG@10 ${f(heldOutRun.overall.ndcg10)} vs ${f(best.overall.ndcg10)} (${best.engine})`,
);
