/**
 * Shipped synonym sets found wrong after a release, and what their groups became. A release that
 * changes a set's groups also lists here how, so that `db seed` brings databases seeded before to
 * the same groups as a new one, where a row still holds exactly the terms first shipped (a group an
 * operator edited or deleted stays as it is; see planUpgrade). Each upgrade is applied once, marked
 * in app_settings like a set (seed-search-synonyms.ts).
 */
import { JOB_TITLE_ABBREVIATIONS, JOB_TITLE_ABBREVIATIONS_2 } from './data/job-title-abbreviations.ts';
import { ENGLISH_JOB_WORDS_ADDED } from './data/english-job-words.ts';
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

/** The audio-video maintenance technician of the ROME (its first title), and the video technician. */
const AUDIO_VIDEO_MAINTENANCE = 'technicien de maintenance en audio-vidéo professionnelle';
const VIDEO_TECHNICIAN = 'technicien vidéo';

/**
 * The groups of the ROME's audio-video and video technicians as shipped while "son" was a
 * stop-word (analyzer.ts): "technicien son-vidéo" was read as "technicien vidéo", so the ESCO video
 * technician, whose French title is "technicien vidéo", lent its English titles to the audio-video
 * maintenance technician (rome-english-titles.ts). Kept as shipped, since the tables now build
 * otherwise.
 */
const WITH_SON_AS_STOPWORD: Record<string, string[][]> = {
  'seed.synonyms.rome-job-titles.1': [
    [
      AUDIO_VIDEO_MAINTENANCE,
      'video technician',
      'graphics',
      'AV technician',
      'image technician',
      'technicien de maintenance en sonorisation',
      "technicien d'exploitation et de maintenance des équipements audiovisuels",
      'technicien son-vidéo',
    ],
    [
      VIDEO_TECHNICIAN,
      'video operator',
      'visuals operator',
      'live video operator',
      'projection operator',
      'technicien banc-titre',
      "technicien d'exploitation vidéo",
      'opérateur vidéo',
      'opérateur de régie vidéo',
    ],
  ],
  'seed.synonyms.rome-more-english-titles.1': [
    [
      AUDIO_VIDEO_MAINTENANCE,
      'technicien de maintenance en sonorisation',
      "technicien d'exploitation et de maintenance des équipements audiovisuels",
      'technicien son-vidéo',
      'visuals technician',
      'graphics technician',
      'audio-video specialist',
      'audio-video technician',
      'audio visual specialist',
      'audio visual technician',
      'video conference technician',
    ],
    [
      VIDEO_TECHNICIAN,
      'technicien banc-titre',
      "technicien d'exploitation vidéo",
      'opérateur vidéo',
      'opérateur de régie vidéo',
      'video projection operator',
      'visual projection operator',
      'video and graphics operator',
      'video projection technician',
      'visual and graphic operator',
      'video and graphics technician',
    ],
  ],
};

/** The groups that replaced those of WITH_SON_AS_STOPWORD in a set, found by their first title. */
function withSonAsWord(set: string): string[][] {
  const groups = groupsOf(set).groups();
  return [AUDIO_VIDEO_MAINTENANCE, VIDEO_TECHNICIAN].flatMap((first) => groupStartingWith(groups, first));
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
  // "guard" grouped "gardien" with any "surveillant": `gardien` listed a school's "Surveillant
  // général" before "Agent de sécurité", and `surveillant` found the security guards.
  {
    name: 'seed.synonyms.upgrade.guard',
    set: 'seed.synonyms.job-title-abbreviations.2',
    before: () => [['guard', 'gardien', 'surveillant']],
    after: () => groupStartingWith(JOB_TITLE_ABBREVIATIONS_2, 'guard'),
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
  // "son" is a word (the sound): the ESCO video technician lends its English titles to the ROME's
  // video technician, no longer to the audio-video maintenance technician.
  ...Object.keys(WITH_SON_AS_STOPWORD).map((set) => ({
    name: `seed.synonyms.upgrade.son.${set.replace('seed.synonyms.', '')}`,
    set,
    before: () => WITH_SON_AS_STOPWORD[set],
    after: () => withSonAsWord(set),
  })),
  // And "sound" meets it; the software titles meet "Développeur" (`software engineer` listed
  // "Ingénieur agronome" first); `anglais` the English teacher: pairs added to the English words.
  {
    name: 'seed.synonyms.upgrade.added-pairs.english-job-words.1',
    set: 'seed.synonyms.english-job-words.1',
    before: () => [],
    after: () =>
      groupsOf('seed.synonyms.english-job-words.1')
        .groups()
        .filter((g) => Object.hasOwn(ENGLISH_JOB_WORDS_ADDED, g[0])),
  },
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
