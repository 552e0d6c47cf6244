/**
 * The shipped search synonym groups, in ten sets: a starting list, common abbreviations and
 * English words of job titles (data/job-title-abbreviations.ts, four lists), the ESCO table of French and
 * English job titles (data/esco-job-titles.tsv), the English and French words of job titles
 * learnt from that table (data/esco-word-translations.ts), the French job titles of the ROME
 * (data/rome-job-titles.tsv) with the English titles the ESCO table lends them
 * (data/rome-english-titles.ts), the shortenings of ads (the third abbreviation list), the ESCO
 * table's other English titles with the French titles of their occupation, and those titles again
 * with the French titles of the ROME occupation they are lent to, and the abbreviations written
 * with an ampersand (the fourth list). Each set is inserted once, and
 * remembered in app_settings: running the seeds again changes nothing, a set added by an upgrade
 * is inserted at the next seed, and groups an operator deleted or edited through the synonyms
 * admin stay as they are. A shipped group found wrong later is corrected the same way, once, where
 * nobody changed it (SYNONYM_CORRECTIONS).
 */
import type { Knex } from 'knex';
import {
  JOB_TITLE_ABBREVIATIONS,
  JOB_TITLE_ABBREVIATIONS_2,
  JOB_TITLE_ABBREVIATIONS_3,
  JOB_TITLE_ABBREVIATIONS_4,
} from './data/job-title-abbreviations.ts';
import { escoMoreEnglishGroups, escoOccupations } from './data/esco-job-titles.ts';
import { escoWordTranslations } from './data/esco-word-translations.ts';
import { romeMoreEnglishGroups, romeOccupations, romeSynonymGroups } from './data/rome-job-titles.ts';
import { romeEnglishTitles, romeMoreEnglishTitles } from './data/rome-english-titles.ts';

export const SYNONYM_GROUPS: string[][] = [
  ['développeur', 'dev', 'programmeur'],
  ['RH', 'ressources humaines'],
  ['comptable', 'compta'],
  // A driver, not any "conducteur": "Conducteur de travaux" runs a building site (see SYNONYM_CORRECTIONS).
  [
    'chauffeur',
    'conducteur de véhicule',
    'conducteur de bus',
    'conducteur de car',
    'conducteur poids lourd',
    'conducteur de camion',
    'conducteur de taxi',
    'conducteur livreur',
  ],
  ['commercial', 'vendeur', 'business developer'],
  ['logistique', 'supply chain'],
  ['secrétaire', 'assistant administratif'],
  ['télétravail', 'remote'],
  ['marketing digital', 'webmarketing', 'marketing numérique'],
  ['agent de sécurité', 'vigile', 'gardien'],
];

interface SynonymSetSeed {
  /** Its mark in app_settings. */
  name: string;
  groups: () => string[][];
}

export const SYNONYM_SETS: SynonymSetSeed[] = [
  { name: 'seed.synonyms.starter', groups: () => SYNONYM_GROUPS },
  { name: 'seed.synonyms.job-title-abbreviations.1', groups: () => JOB_TITLE_ABBREVIATIONS },
  { name: 'seed.synonyms.esco-job-titles.1', groups: () => escoOccupations().map((o) => [...o.fr, ...o.en]) },
  { name: 'seed.synonyms.job-title-abbreviations.2', groups: () => JOB_TITLE_ABBREVIATIONS_2 },
  {
    name: 'seed.synonyms.esco-word-translations.1',
    groups: () => escoWordTranslations(escoOccupations()),
  },
  {
    name: 'seed.synonyms.rome-job-titles.1',
    groups: () =>
      romeSynonymGroups(romeOccupations(), romeEnglishTitles(romeOccupations(), escoOccupations())),
  },
  { name: 'seed.synonyms.job-title-abbreviations.3', groups: () => JOB_TITLE_ABBREVIATIONS_3 },
  {
    name: 'seed.synonyms.esco-more-english-titles.1',
    groups: () => escoMoreEnglishGroups(escoOccupations()),
  },
  {
    name: 'seed.synonyms.rome-more-english-titles.1',
    groups: () =>
      romeMoreEnglishGroups(romeOccupations(), romeMoreEnglishTitles(romeOccupations(), escoOccupations())),
  },
  { name: 'seed.synonyms.job-title-abbreviations.4', groups: () => JOB_TITLE_ABBREVIATIONS_4 },
];

/**
 * Shipped groups corrected by a later release: each correction is applied once (marked in
 * app_settings like a set) to the group still holding exactly the terms shipped, so a group an
 * operator edited or deleted stays as it is.
 */
export const SYNONYM_CORRECTIONS: { name: string; was: string[]; now: string[] }[] = [
  {
    name: 'seed.synonyms.correction.chauffeur',
    was: ['chauffeur', 'conducteur'],
    now: SYNONYM_GROUPS.find((g) => g[0] === 'chauffeur')!,
  },
  {
    name: 'seed.synonyms.correction.driver',
    was: ['driver', 'chauffeur', 'conducteur'],
    now: JOB_TITLE_ABBREVIATIONS.find((g) => g[0] === 'driver')!,
  },
];

const BATCH = 500;

async function isMarked(knex: Knex, name: string): Promise<boolean> {
  return Boolean(await knex('appSettings').where({ name }).first('name'));
}

/** Inserts each shipped set not inserted before, with its mark, in one transaction a set. */
export async function seedSearchSynonyms(knex: Knex): Promise<void> {
  for (const set of SYNONYM_SETS) {
    if (await isMarked(knex, set.name)) continue;
    // Databases seeded before the marks existed already hold the starting list.
    const starterThere = set === SYNONYM_SETS[0] && Boolean(await knex('searchSynonyms').first('id'));
    await knex.transaction(async (trx) => {
      await trx('appSettings').insert({ name: set.name, value: new Date().toISOString() });
      if (starterThere) return;
      const rows = set.groups().map((terms) => ({ terms: JSON.stringify(terms) }));
      for (let i = 0; i < rows.length; i += BATCH)
        await trx('searchSynonyms').insert(rows.slice(i, i + BATCH));
      // Running API processes reload the groups within their poll interval.
      await trx('searchJournal').insert({ kind: 'SYNONYMS' });
    });
  }
  for (const correction of SYNONYM_CORRECTIONS) await applyCorrection(knex, correction);
}

/** Applies a correction not applied before to the groups still as shipped, with its mark, in one transaction. */
async function applyCorrection(knex: Knex, correction: (typeof SYNONYM_CORRECTIONS)[number]): Promise<void> {
  if (await isMarked(knex, correction.name)) return;
  await knex.transaction(async (trx) => {
    await trx('appSettings').insert({ name: correction.name, value: new Date().toISOString() });
    // Compared once read back (MySQL's JSON type and MariaDB's text do not compare alike in SQL).
    const rows = (await trx('searchSynonyms')
      .where('terms', 'like', `%${JSON.stringify(correction.was[0])}%`)
      .select('id', 'terms')) as { id: number; terms: string | string[] }[];
    const shipped = JSON.stringify(correction.was);
    const ids = rows
      .filter((r) => JSON.stringify(typeof r.terms === 'string' ? JSON.parse(r.terms) : r.terms) === shipped)
      .map((r) => r.id);
    if (ids.length === 0) return;
    await trx('searchSynonyms')
      .whereIn('id', ids)
      .update({ terms: JSON.stringify(correction.now) });
    await trx('searchJournal').insert({ kind: 'SYNONYMS' });
  });
}
