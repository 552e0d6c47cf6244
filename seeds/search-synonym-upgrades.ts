/**
 * Shipped synonym sets found wrong after a release, and what their groups became. A release that
 * changes a set's groups also lists here how, so that `db seed` brings databases seeded before to
 * the same groups as a new one, where a row still holds exactly the terms first shipped (a group an
 * operator edited or deleted stays as it is; see planUpgrade). Each upgrade is applied once, marked
 * in app_settings like a set (seed-search-synonyms.ts).
 */
import { JOB_TITLE_ABBREVIATIONS } from './data/job-title-abbreviations.ts';
import { SYNONYM_GROUPS, SYNONYM_SETS } from './search-synonyms.ts';

export interface SynonymSetUpgrade {
  /** Its mark in app_settings. */
  name: string;
  /** The set it changes: a database that seeds that set now gets its groups as they are. */
  set: string;
  /** The set's groups as first shipped, and as they are now (only those that differ matter). */
  before: () => string[][];
  after: () => string[][];
}

const groupsOf = (set: string) => SYNONYM_SETS.find((s) => s.name === set)!;
const groupStartingWith = (groups: string[][], first: string) => groups.filter((g) => g[0] === first);

/** An upgrade of a set generated from the shipped tables: its groups as first shipped, then now. */
function regenerated(name: string, set: string): SynonymSetUpgrade {
  return {
    name,
    set,
    before: () => groupsOf(set).groups({ asFirstShipped: true }),
    after: () => groupsOf(set).groups(),
  };
}

export const SYNONYM_UPGRADES: SynonymSetUpgrade[] = [
  // "chauffeur" and "driver" grouped any "conducteur", "Conducteur de travaux" (who runs a
  // building site) included: they now name drivers.
  {
    name: 'seed.synonyms.upgrade.drivers',
    set: 'seed.synonyms.starter',
    before: () => [['chauffeur', 'conducteur']],
    after: () => groupStartingWith(SYNONYM_GROUPS, 'chauffeur'),
  },
  {
    name: 'seed.synonyms.upgrade.drivers-english',
    set: 'seed.synonyms.job-title-abbreviations.1',
    before: () => [['driver', 'chauffeur', 'conducteur']],
    after: () => groupStartingWith(JOB_TITLE_ABBREVIATIONS, 'driver'),
  },
  // "stage" (an internship in an ad) was an English title of the stage manager, and words of
  // French titles ("senior", "design") were translated as English words (FRENCH_AD_WORDS,
  // esco-word-translations.ts).
  ...[
    'seed.synonyms.esco-job-titles.1',
    'seed.synonyms.esco-word-translations.1',
    'seed.synonyms.rome-job-titles.1',
    'seed.synonyms.esco-more-english-titles.1',
    'seed.synonyms.rome-more-english-titles.1',
  ].map((set) => regenerated(`seed.synonyms.upgrade.fr-words.${set.replace('seed.synonyms.', '')}`, set)),
];

/** What an upgrade does to the rows: groups replaced in place, rows deleted, groups inserted. */
export interface UpgradePlan {
  updates: { id: number; terms: string[] }[];
  deletes: number[];
  inserts: string[][];
}

/**
 * The plan of an upgrade over the rows' ids by terms (JSON of the terms; the lists are consumed).
 * When the set keeps its number of groups, group i became group i: a row still holding the old
 * terms gets the new ones (a group an operator edited or deleted is left as it is). Otherwise the
 * old groups the set no longer holds are deleted where a row holds them, and its new groups are
 * inserted where none does.
 */
export function planUpgrade(
  before: string[][],
  after: string[][],
  idsByTerms: Map<string, number[]>,
): UpgradePlan {
  const take = (g: string[]) => idsByTerms.get(JSON.stringify(g))?.shift();
  const plan: UpgradePlan = { updates: [], deletes: [], inserts: [] };
  if (before.length === after.length) {
    before.forEach((old, i) => {
      if (JSON.stringify(old) === JSON.stringify(after[i])) return;
      const id = take(old);
      if (id !== undefined) plan.updates.push({ id, terms: after[i] });
    });
    return plan;
  }
  const { removed, added } = changesOf(before, after);
  for (const g of removed) {
    const id = take(g);
    if (id !== undefined) plan.deletes.push(id);
  }
  plan.inserts = added.filter((g) => !idsByTerms.get(JSON.stringify(g))?.length);
  return plan;
}

/** `before` less `after`, and `after` less `before`, as multisets of groups. */
function changesOf(before: string[][], after: string[][]): { removed: string[][]; added: string[][] } {
  const count = (groups: string[][]) => {
    const n = new Map<string, number>();
    for (const g of groups) n.set(JSON.stringify(g), (n.get(JSON.stringify(g)) ?? 0) + 1);
    return n;
  };
  const less = (a: string[][], b: Map<string, number>) =>
    a.filter((g) => {
      const key = JSON.stringify(g);
      const left = b.get(key) ?? 0;
      if (left === 0) return true;
      b.set(key, left - 1);
      return false;
    });
  return { removed: less(before, count(after)), added: less(after, count(before)) };
}
