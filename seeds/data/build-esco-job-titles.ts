/**
 * Builds seeds/data/esco-job-titles.tsv from ESCO's occupation files (the CSV download of the
 * ESCO classification, occupations_fr.csv, occupations_en.csv and occupations_en-us.csv; see
 * seeds/data/README.md):
 *
 *   node --import tsx seeds/data/build-esco-job-titles.ts <occupations_fr.csv> <occupations_en.csv> <occupations_en-us.csv>
 *
 * One line per occupation: the start of its ESCO concept id, its French titles, its English titles,
 * and its other English titles, British then American (each list joined by " | "). A "masculin/féminin" label gives both forms. Titles that analyse to
 * the same stems as one already kept are dropped (search compares stems), and so are titles that
 * would mislead as synonyms or that the synonyms admin would refuse (over MAX_TERM_LENGTH
 * characters): one shared by more than two occupations, a one-word title that heads
 * labels of several other occupations ("conseiller"), and a one-word English title that is also a
 * word of French titles ("chef", "manager"). English: the preferred title and the shortest
 * alternatives, MAX_ENGLISH in all; at most MAX_TERMS titles an occupation, French first. The
 * fourth column holds every other English title that passes the same filters: the first three
 * columns are the groups seeded from the start, which stay as they were (seeds/search-synonyms.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { stem, tokens } from '../../domain/search/analyzer.ts';
import { MAX_TERMS } from '../../domain/search/synonym-groups.ts';
import { fitsAsTerm, headsOf, occurrences, signature } from './job-title-filters.ts';

interface Row {
  conceptUri: string;
  preferredLabel: string;
  altLabels: string;
}

interface Occupation {
  id: string;
  fr: string[];
  en: string[];
  moreEn: string[];
}

/** English titles kept an occupation: the preferred one and the shortest alternatives. */
const MAX_ENGLISH = 6;
const OUT = new URL('./esco-job-titles.tsv', import.meta.url);

function read(path: string): Row[] {
  return parse(readFileSync(path), { columns: true }) as Row[];
}

/** "conducteur de bus/conductrice de bus" -> both forms; a label with quotes is kept whole. */
function forms(label: string): string[] {
  const parts = label.includes('/') && !label.includes('"') ? label.split('/') : [label];
  return parts.map((p) => p.trim().replace(/\s+/g, ' ')).filter((p) => p !== '');
}

function labelsOf(row: Row): string[] {
  const alt = row.altLabels ? row.altLabels.split('\n') : [];
  return [row.preferredLabel, ...alt].flatMap(forms);
}

function build(frRows: Row[], enRows: Row[], usRows: Row[]): Occupation[] {
  const enByUri = new Map(enRows.map((r) => [r.conceptUri, r]));
  const usByUri = new Map(usRows.map((r) => [r.conceptUri, r]));
  const labelsIn = (rows: Map<string, Row>, uri: string) => {
    const row = rows.get(uri);
    return row ? labelsOf(row) : [];
  };
  const raw = frRows.map((r) => ({
    id: r.conceptUri.split('/').pop()?.slice(0, 8) ?? '',
    fr: labelsOf(r),
    en: labelsIn(enByUri, r.conceptUri),
    us: labelsIn(usByUri, r.conceptUri),
  }));
  // Counted without the American titles, so that the first three columns stay as first shipped.
  const shared = occurrences(raw.map((o) => [...o.fr, ...o.en]));
  const heads = headsOf(raw.map((o) => ({ id: o.id, titles: o.fr })));
  const frenchWords = new Set(raw.flatMap((o) => o.fr.flatMap((t) => tokens(t).map(stem))));
  const keep = (o: { id: string }, english: boolean) => (title: string) =>
    fitsAsTerm(title, o.id, shared, heads) && !(english && frenchWords.has(signature(title)));
  return raw.map((o) => {
    const seen = new Set<string>();
    const distinct = (title: string) => !seen.has(signature(title)) && Boolean(seen.add(signature(title)));
    const fr = o.fr.filter(keep(o, false)).filter(distinct);
    const [preferred, ...alternatives] = o.en.filter(keep(o, true)).filter(distinct);
    const shortest = alternatives.sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    const en = preferred ? [preferred, ...shortest].slice(0, MAX_ENGLISH) : [];
    // The English preferred title always has a place: it is what makes the two languages meet.
    const enCount = Math.min(en.length, Math.max(1, MAX_TERMS - fr.length));
    const moreEn = [...(preferred ? [preferred, ...shortest] : []).slice(enCount)];
    moreEn.push(...o.us.filter(keep(o, true)).filter(distinct));
    return { id: o.id, fr: fr.slice(0, MAX_TERMS - enCount), en: en.slice(0, enCount), moreEn };
  });
}

function main(): void {
  const [frPath, enPath, usPath] = process.argv.slice(2);
  if (!frPath || !enPath || !usPath)
    throw new Error(
      'usage: build-esco-job-titles.ts <occupations_fr.csv> <occupations_en.csv> <occupations_en-us.csv>',
    );
  const occupations = build(read(frPath), read(enPath), read(usPath)).filter(
    (o) => o.fr.length + o.en.length >= 2,
  );
  const lines = occupations.map((o) =>
    [o.id, o.fr.join(' | '), o.en.join(' | '), o.moreEn.join(' | ')].join('\t'),
  );
  writeFileSync(OUT, `id\tfr\ten\tmore_en\n${lines.join('\n')}\n`);
  process.stdout.write(`${occupations.length} occupations written to ${OUT.pathname}\n`);
}

main();
