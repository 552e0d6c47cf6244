/**
 * Builds esco-occupation-keywords.tsv: for each ESCO occupation, the words that set its ESCO
 * description apart from the other occupations' (tf-idf over the 3,000 descriptions), used by
 * bench/recommendations.ts as the occupation's skills, and up to 4 of its other English titles
 * (ESCO's alternative labels of at most 4 words that the shipped job-title table does not hold):
 * the free wording of a candidate's job title, which no synonym joins to the offers' titles.
 * Words of the occupation's own English titles are left out of the skills, so a match on skills
 * is not a match on the title in disguise.
 *
 * Source: ESCO v1.1.1 occupations (European Commission, CC BY 4.0), as the `occupations.csv` of
 * the Tabiya open dataset (github.com/tabiya-tech/tabiya-open-dataset, tabiya-esco-v1.1.1/csv).
 * Run: node --import tsx bench/recommendations/build-esco-keywords.ts <occupations.csv>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { escoOccupations } from '../../seeds/data/esco-job-titles.ts';

const KEYWORDS = 8;
const STOP = new Set(
  (
    'also they their them this that these those with from into onto upon over under about such other ' +
    'which while where when what have been being were will would could should shall must they may can ' +
    'ensure ensuring including include includes perform performs performing carry carries work works working ' +
    'responsible various related relevant according specific using used uses use well within order make makes ' +
    'making provide provides providing other others both each more most than then there here some many only ' +
    'activities activity tasks task duties operations operate operates operating'
  ).split(' '),
);

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: build-esco-keywords.ts <occupations.csv>');
const rows = parse(readFileSync(file, 'utf8'), { columns: true, relax_quotes: true }) as {
  ORIGINURI: string;
  PREFERREDLABEL: string;
  ALTLABELS: string;
  DESCRIPTION: string;
}[];

const words = (text: string) =>
  (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => w.length >= 4 && !STOP.has(w));

const inTable = new Map(escoOccupations().map((o) => [o.id, new Set(o.en.map((t) => t.toLowerCase()))]));
const docs = rows
  .filter((r) => r.ORIGINURI.includes('/esco/occupation/'))
  .map((r) => ({
    id: r.ORIGINURI.split('/occupation/')[1].slice(0, 8),
    title: new Set(words(`${r.PREFERREDLABEL} ${r.ALTLABELS}`)),
    otherTitles: r.ALTLABELS.split('\n')
      .map((t) => t.trim().toLowerCase())
      .filter((t) => t && t.split(/\s+/).length <= 4 && /^[a-z -]+$/.test(t))
      .filter((t) => !inTable.get(r.ORIGINURI.split('/occupation/')[1].slice(0, 8))?.has(t))
      .slice(0, 4),
    terms: words(r.DESCRIPTION),
  }));
const df = new Map<string, number>();
for (const d of docs) for (const w of new Set(d.terms)) df.set(w, (df.get(w) ?? 0) + 1);
const lines = ['id\tkeywords\tother_titles'];
for (const d of docs) {
  const tf = new Map<string, number>();
  for (const w of d.terms) if (!d.title.has(w)) tf.set(w, (tf.get(w) ?? 0) + 1);
  const ranked = [...tf]
    .filter(([w]) => (df.get(w) ?? 0) >= 2)
    .map(([w, n]) => [w, n * Math.log(docs.length / (df.get(w) ?? 1))] as const)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, KEYWORDS)
    .map(([w]) => w);
  if (ranked.length >= 4) lines.push(`${d.id}\t${ranked.join(' | ')}\t${d.otherTitles.join(' | ')}`);
}
writeFileSync(new URL('./esco-occupation-keywords.tsv', import.meta.url), `${lines.join('\n')}\n`);
console.log(`${lines.length - 1} occupations`);
