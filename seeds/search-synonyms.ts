/**
 * The shipped search synonym groups, in fifteen sets: a starting list, common abbreviations and
 * English words of job titles (data/job-title-abbreviations.ts, five lists), the ESCO table of French and
 * English job titles (data/esco-job-titles.tsv), the English and French words of job titles
 * learnt from that table (data/esco-word-translations.ts), the French job titles of the ROME
 * (data/rome-job-titles.tsv) with the English titles the ESCO table lends them
 * (data/rome-english-titles.ts), the shortenings of ads (the third abbreviation list), the ESCO
 * table's other English titles with the French titles of their occupation, and those titles again
 * with the French titles of the ROME occupation they are lent to, and the abbreviations written
 * with an ampersand (the fourth list), internships ("stage"), and the names of software skills written
 * several ways ("node", "Node.js", "NodeJS"), and job titles as Cameroon says them ("laborantin",
 * "transitaire", data/cameroonian-job-titles.ts), and English words of job titles with their French
 * equivalents beyond the learnt ones (data/english-job-words.ts), and the abbreviations of English
 * ads ("HR", "M&E": the fifth list). Each set is inserted once
 * (seed-search-synonyms.ts), and
 * remembered in app_settings: running the seeds again changes nothing, a set added by an upgrade
 * is inserted at the next seed, and groups an operator deleted or edited through the synonyms
 * admin stay as they are. A shipped set found wrong later is upgraded the same way, once, where
 * nobody changed its groups (search-synonym-upgrades.ts).
 */
import {
  DRIVER_TITLES,
  JOB_TITLE_ABBREVIATIONS,
  JOB_TITLE_ABBREVIATIONS_2,
  JOB_TITLE_ABBREVIATIONS_3,
  JOB_TITLE_ABBREVIATIONS_4,
  JOB_TITLE_ABBREVIATIONS_5,
} from './data/job-title-abbreviations.ts';
import { escoMoreEnglishGroups, escoOccupations } from './data/esco-job-titles.ts';
import { escoWordTranslations } from './data/esco-word-translations.ts';
import { romeMoreEnglishGroups, romeOccupations, romeSynonymGroups } from './data/rome-job-titles.ts';
import { romeEnglishTitles, romeMoreEnglishTitles } from './data/rome-english-titles.ts';
import { CAMEROONIAN_JOB_TITLES } from './data/cameroonian-job-titles.ts';
import { englishJobWordGroups } from './data/english-job-words.ts';

export const SYNONYM_GROUPS: string[][] = [
  ['développeur', 'dev', 'programmeur'],
  ['RH', 'ressources humaines'],
  ['comptable', 'compta'],
  // A driver, not any "conducteur" (search-synonym-upgrades.ts).
  ['chauffeur', ...DRIVER_TITLES],
  ['commercial', 'vendeur', 'business developer'],
  ['logistique', 'supply chain'],
  ['secrétaire', 'assistant administratif'],
  ['télétravail', 'remote'],
  ['marketing digital', 'webmarketing', 'marketing numérique'],
  ['agent de sécurité', 'vigile', 'gardien'],
];

/**
 * "Stage" is an internship in a French ad (and was read as a theatre's stage through the English
 * titles of the ESCO table, see FRENCH_AD_WORDS).
 */
export const INTERNSHIPS: string[][] = [['stage', 'stagiaire', 'internship', 'intern', 'trainee']];

/**
 * Software skills that ads and candidates write several ways: a technical token stays whole
 * ("Node.js" is one word, analyzer.ts), so "node" or "nodejs" met nothing. Only unambiguous
 * writings: not "vue" (a French word), "go" (gigaoctets), "ts" (technicien supérieur) nor "ML"
 * (millilitres).
 */
export const SOFTWARE_SKILL_NAMES: string[][] = [
  ['node.js', 'nodejs', 'node'],
  ['react', 'react.js', 'reactjs'],
  ['vue.js', 'vuejs'],
  ['angular', 'angularjs', 'angular.js'],
  ['next.js', 'nextjs'],
  ['javascript', 'js'],
  ['c#', 'csharp'],
  ['.net', 'dotnet'],
  ['postgresql', 'postgres'],
  ['mongodb', 'mongo'],
  ['kubernetes', 'k8s'],
  ['machine learning', 'apprentissage automatique'],
  ['UI', 'interface utilisateur', 'user interface'],
  ['power bi', 'powerbi'],
];

/** Options of a set's groups: `asFirstShipped` gives them as the first releases seeded them. */
export interface ShippedAs {
  asFirstShipped?: boolean;
}

interface SynonymSetSeed {
  /** Its mark in app_settings. */
  name: string;
  groups: (as?: ShippedAs) => string[][];
}

export const SYNONYM_SETS: SynonymSetSeed[] = [
  { name: 'seed.synonyms.starter', groups: () => SYNONYM_GROUPS },
  { name: 'seed.synonyms.job-title-abbreviations.1', groups: () => JOB_TITLE_ABBREVIATIONS },
  {
    name: 'seed.synonyms.esco-job-titles.1',
    groups: (as) => escoOccupations(as).map((o) => [...o.fr, ...o.en]),
  },
  { name: 'seed.synonyms.job-title-abbreviations.2', groups: () => JOB_TITLE_ABBREVIATIONS_2 },
  {
    name: 'seed.synonyms.esco-word-translations.1',
    groups: (as) => escoWordTranslations(escoOccupations(as), as),
  },
  {
    name: 'seed.synonyms.rome-job-titles.1',
    groups: (as) =>
      romeSynonymGroups(romeOccupations(), romeEnglishTitles(romeOccupations(), escoOccupations(as))),
  },
  { name: 'seed.synonyms.job-title-abbreviations.3', groups: () => JOB_TITLE_ABBREVIATIONS_3 },
  {
    name: 'seed.synonyms.esco-more-english-titles.1',
    groups: (as) => escoMoreEnglishGroups(escoOccupations(as)),
  },
  {
    name: 'seed.synonyms.rome-more-english-titles.1',
    groups: (as) =>
      romeMoreEnglishGroups(romeOccupations(), romeMoreEnglishTitles(romeOccupations(), escoOccupations(as))),
  },
  { name: 'seed.synonyms.job-title-abbreviations.4', groups: () => JOB_TITLE_ABBREVIATIONS_4 },
  { name: 'seed.synonyms.internships.1', groups: () => INTERNSHIPS },
  { name: 'seed.synonyms.software-skill-names.1', groups: () => SOFTWARE_SKILL_NAMES },
  { name: 'seed.synonyms.cameroonian-job-titles.1', groups: () => CAMEROONIAN_JOB_TITLES },
  { name: 'seed.synonyms.english-job-words.1', groups: englishJobWordGroups },
  { name: 'seed.synonyms.job-title-abbreviations.5', groups: () => JOB_TITLE_ABBREVIATIONS_5 },
];
