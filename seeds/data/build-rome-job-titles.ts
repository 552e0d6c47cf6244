/**
 * Builds seeds/data/rome-job-titles.tsv from the ROME's table of job titles (France Travail's
 * "Répertoire opérationnel des métiers et des emplois", file unix_referentiel_appellation_v<N>_utf8.csv
 * of its CSV download; see seeds/data/README.md):
 *
 *   node --import tsx seeds/data/build-rome-job-titles.ts <unix_referentiel_appellation_v460_utf8.csv>
 *
 * One line per occupation (ROME code), its French titles joined by " | ", the main title first (when kept).
 * A title "Acheteur / Acheteuse de commerce" gives both forms ("acheteur de commerce", "acheteuse
 * de commerce"), "principal(e)" its two endings, and an abbreviation in brackets ("(ASH)") goes:
 * the shipped abbreviation list pairs them. Titles that analyse alike are kept once, and the
 * filters of job-title-filters.ts drop those that would mislead as synonyms. Titles marked rare
 * ("peu usité") are left out.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { distinctTitles, fitsAsTerm, headsOf, occurrences } from './job-title-filters.ts';

interface Row {
  code_rome: string;
  libelle_appellation_long: string;
  classification: string;
  peu_usite: string;
}

const OUT = new URL('./rome-job-titles.tsv', import.meta.url);

/** Gender endings in brackets: "principal(e)", "chef(fe)". */
const ENDING = /\((e|le|ne|se|fe|ère|euse|rice|trice)\)/g;

function bothEndings(text: string): [string, string] {
  return [text.replace(ENDING, ''), text.replace(ENDING, (_m, ending: string) => ending)];
}

const tidy = (text: string) =>
  text
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** "Agent spécialisé / Agente spécialisée des écoles" -> the masculine and the feminine title. */
export function genderForms(label: string): string[] {
  const at = label.indexOf(' / ');
  if (at === -1) return [...new Set(bothEndings(label).map(tidy))];
  const masculine = label.slice(0, at).split(' ');
  const after = label.slice(at + 3).split(' ');
  const rest = after.slice(masculine.length).join(' ');
  const [restM, restF] = bothEndings(rest);
  const forms = [`${masculine.join(' ')} ${restM}`, `${after.slice(0, masculine.length).join(' ')} ${restF}`];
  return [...new Set(forms.map(tidy))];
}

function main(): void {
  const [file] = process.argv.slice(2);
  if (!file) throw new Error('usage: build-rome-job-titles.ts <unix_referentiel_appellation_v460_utf8.csv>');
  const rows = (parse(readFileSync(file), { columns: true }) as Row[]).filter((r) => r.peu_usite !== 'O');
  const byCode = new Map<string, string[]>();
  // The main title of each code first.
  const ordered = [...rows].sort(
    (a, b) => Number(b.classification === 'PRINCIPALE') - Number(a.classification === 'PRINCIPALE'),
  );
  for (const r of ordered)
    byCode.set(r.code_rome, [...(byCode.get(r.code_rome) ?? []), ...genderForms(r.libelle_appellation_long)]);
  const raw = [...byCode].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, titles]) => ({ id, titles }));
  const shared = occurrences(raw.map((o) => o.titles));
  const heads = headsOf(raw);
  const occupations = raw
    .map((o) => ({
      id: o.id,
      titles: distinctTitles(o.titles.filter((t) => fitsAsTerm(t, o.id, shared, heads))),
    }))
    .filter((o) => o.titles.length >= 2);
  const lines = occupations.map((o) => `${o.id}\t${o.titles.join(' | ')}`);
  writeFileSync(OUT, `code\tfr\n${lines.join('\n')}\n`);
  process.stdout.write(
    `${occupations.length} occupations, ${occupations.reduce((n, o) => n + o.titles.length, 0)} titles written to ${OUT.pathname}\n`,
  );
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) main();
