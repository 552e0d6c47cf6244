/**
 * The one comparison of a candidate with an offer, used in both directions (offers for a
 * candidate, candidates for an offer), so both rank the same way and give the same reasons.
 * Pure functions over the documents the indexes hold: no database, no clock.
 */
import type { ContractType } from '../../models/offre.ts';
import { PREFERENCE_DEFAULTS, type Teletravail } from '../../models/recommendation-preference.ts';
import { haversineKm } from '../geography/index.ts';
import type { Analysed } from './concepts.ts';
import {
  LOCATION_ZERO_KM,
  NEUTRAL,
  PART_NAMES,
  PART_WEIGHTS,
  TITLE_MATCH_SHARE,
  type PartName,
} from './weights.ts';

export interface Place {
  villeId: number | null;
  villeNom: string | null;
  regionId: number | null;
  regionNom: string | null;
  lat: number | null;
  lng: number | null;
}

export interface OffreDoc extends Place {
  id: number;
  entrepriseId: number;
  entrepriseNom: string;
  titre: string;
  title: Analysed;
  /** The offer's skills as written, and analysed. */
  skills: { text: string; a: Analysed }[];
  contractType: ContractType;
  remotePossible: boolean;
  salaireMin: number | null;
  salaireMax: number | null;
  /** Years of experience the offer asks (from its free text), null when it does not say. */
  minYears: number | null;
  langue: 'fr' | 'en';
  /** YYYYMMDD, Infinity without deadline. */
  deadline: number;
  publishedAt: Date | null;
}

export interface Preferences {
  contractTypes: ContractType[] | null;
  salaireMin: number | null;
  rayonKm: number | null;
  teletravail: Teletravail;
  visibleRecruteurs: boolean;
  invitationsAcceptees: boolean;
  digestHebdo: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = { ...PREFERENCE_DEFAULTS };

export interface CandidatDoc extends Place {
  id: number;
  nom: string;
  prenom: string;
  jobTitle: string | null;
  title: Analysed;
  competences: string[];
  /** Every concept of the candidate's skills and title, for skill matching. */
  skillConcepts: Set<number>;
  /** Concepts of the skills alone (the candidate index's postings). */
  skillList: Analysed[];
  experienceLevelId: number | null;
  /** Years range of the experience level, null without one. */
  years: [number, number] | null;
  /** Expected minimum salary: the preference, else the lower bound of the profile's salary range. */
  salaireAttendu: number | null;
  langue: 'fr' | 'en';
  profilPublic: boolean;
  prefs: Preferences;
}

export interface Matched {
  title: boolean;
  skills: string[];
  city: string | null;
  region: string | null;
  distanceKm: number | null;
  level: boolean | null;
  salary: boolean | null;
  contract: boolean | null;
  remote: boolean | null;
  language: boolean;
}

export interface PairScore {
  /** Sum of the parts, 0..1 (feedback comes on top). */
  base: number;
  parts: Record<PartName, number>;
  matched: Matched;
  missing: { skills: string[] };
}

/** Years of each experience level by its `ordre` (seeded levels: débutant ... expert). */
const LEVEL_YEARS: Record<number, [number, number]> = {
  1: [0, 1],
  2: [1, 3],
  3: [3, 5],
  4: [5, 10],
  5: [10, 40],
};

export function yearsOfLevel(ordre: number | null): [number, number] | null {
  return ordre === null ? null : (LEVEL_YEARS[ordre] ?? null);
}

/**
 * Most years of experience an offer asks in earnest: more is an age ("25 ans minimum" in an ad
 * that wants someone 25 or older), not a career.
 */
const MAX_YEARS_ASKED = 20;
/** Text right before a number that makes it an age ("âgé de 25 ans", "aged 30") or a degree ("Bac+5"). */
const AGE_BEFORE = /(?:âg[ée]e?s?|age[ds]?|aged)\s*(?:de|of|entre|between|au moins|at least)?\s*$/;
const DEGREE_BEFORE = /bac\s*\+?\s*$/;

function yearsAt(text: string, match: RegExpExecArray): number | null {
  const n = Number(match[1]);
  const before = text.slice(Math.max(0, match.index - 24), match.index);
  if (n > MAX_YEARS_ASKED || AGE_BEFORE.test(before) || DEGREE_BEFORE.test(before)) return null;
  return n;
}

/**
 * "3 à 5 ans" -> 3, "Débutant accepté" -> 0, "5 years" -> 5; null when the text says nothing of it.
 * An age ("âgé de 25 ans", "30 ans minimum") and a degree ("Bac+5") are not years of experience.
 */
export function minYearsOf(experience: string | null): number | null {
  if (!experience) return null;
  const text = experience.toLowerCase();
  for (const m of text.matchAll(/(\d{1,2})\s*(?:à|a|-|–|to)?\s*\d{0,2}\s*(?:ans?|years?|yrs?)\b/g)) {
    const years = yearsAt(text, m);
    if (years !== null) return years;
  }
  if (/d[ée]butant|junior|sans exp[ée]rience|entry|no experience|stage/.test(text)) return 0;
  for (const m of text.matchAll(/(\d{1,2})(?!\d)/g)) {
    const years = yearsAt(text, m);
    if (years !== null) return years;
  }
  return null;
}

/**
 * "1,5 million" and "150k" say their amount with a word (the number before it may have a decimal
 * comma); in "entre 1,2 et 2 millions" the range's word applies to its small first number too.
 */
const AMOUNT_WORDS = [
  { next: /^\s*(?:millions?|m)\b/i, inRange: /\d\s*(?:millions?|m)\b/i, factor: 1_000_000 },
  { next: /^\s*(?:k|mille)\b/i, inRange: /\d\s*(?:k|mille)\b/i, factor: 1000 },
];

/**
 * Lower bound of a salary range written as text ("250 000 - 500 000 FCFA", "Plus de 1 000 000",
 * "1,5 million", "150k"). Without an amount word, spaces, dots and commas between digits are
 * thousands separators.
 */
export function salaryFloorOf(range: string | null): number | null {
  if (!range) return null;
  const m = /\d[\d\s.,]*/.exec(range);
  if (!m) return null;
  const digits = m[0].replace(/[\s.,]+$/, '');
  const rest = range.slice(m.index + digits.length);
  const decimal = Number(digits.replace(/\s/g, '').replace(',', '.'));
  const word =
    AMOUNT_WORDS.find((w) => w.next.test(rest)) ??
    (decimal < 1000 ? AMOUNT_WORDS.find((w) => w.inRange.test(rest)) : undefined);
  const n = word ? Math.round(decimal * word.factor) : Number(digits.replace(/[\s.,]/g, ''));
  return Number.isFinite(n) && n > 0 ? n : null;
}

const EN_WORDS = new Set(['the', 'and', 'of', 'with', 'for', 'you', 'our', 'we', 'will', 'to', 'in', 'are']);
const FR_WORDS = new Set(['le', 'la', 'les', 'et', 'de', 'des', 'du', 'pour', 'vous', 'nous', 'une', 'un']);

/** The language of an offer's text, from its most frequent small words; French when in doubt. */
export function languageOf(text: string): 'fr' | 'en' {
  let en = 0;
  let fr = 0;
  for (const w of text.toLowerCase().split(/[^a-zà-ÿ]+/, 400)) {
    if (EN_WORDS.has(w)) en++;
    else if (FR_WORDS.has(w)) fr++;
  }
  return en > fr ? 'en' : 'fr';
}

/** Does one of the text's words carry the concept? (Titles are a few words: a scan beats a Set.) */
function wordsHold(a: Analysed, id: number): boolean {
  for (const ids of a.words) if (ids.includes(id)) return true;
  return false;
}

function phrasesHold(a: Analysed, id: number): boolean {
  for (const p of a.phrases) if (p.ids.includes(id)) return true;
  return false;
}

/**
 * Share (idf-weighted by each word's own concept) of `from`'s words found in `into`: a word is
 * found when its own concept is among `into`'s words, or a phrase covering it shares a group with
 * one of `into`'s phrases; found through a synonym group only, it counts as much as that group
 * tells (throughGroups). Runs for every pair a request re-ranks, so it allocates nothing
 * unless a phrase matches.
 */
export function coverage(from: Analysed, into: Analysed, idf: (c: number) => number): number {
  if (from.words.length === 0) return 0;
  let covered: Set<number> | null = null;
  for (const p of from.phrases)
    if (p.ids.some((id) => phrasesHold(into, id))) {
      covered ??= new Set<number>();
      for (const c of p.covers) covered.add(c);
    }
  let total = 0;
  let got = 0;
  for (let i = 0; i < from.words.length; i++) {
    const ids = from.words[i]!;
    const w = idf(ids[0]!);
    total += w;
    if (covered?.has(i) || wordsHold(into, ids[0]!)) got += w;
    else got += Math.min(w, throughGroups(ids, into, idf));
  }
  return total === 0 ? 0 : got / total;
}

/**
 * What a word found only through its synonym groups tells: the idf of the rarest group it meets
 * `into` by. A word rare in offers ("manager", an English word) met through a broad group
 * ("responsable") counts as much as "responsable" tells, not as much as the rare word would.
 */
function throughGroups(ids: readonly number[], into: Analysed, idf: (c: number) => number): number {
  let best = 0;
  for (let k = 1; k < ids.length; k++) if (wordsHold(into, ids[k]!)) best = Math.max(best, idf(ids[k]!));
  return best;
}

/** Does the candidate have this skill: one of its phrases, or every one of its words. */
function hasSkill(skill: Analysed, concepts: Set<number>): boolean {
  if (skill.words.length === 0) return false;
  if (skill.phrases.some((p) => p.ids.some((id) => concepts.has(id)))) return true;
  return skill.words.every((ids) => ids.some((id) => concepts.has(id)));
}

/** How much a skill tells: the idf of its rarest word (a rare tool names a trade; "management" does not). */
function skillWeight(skill: Analysed, idf: (c: number) => number): number {
  let w = 0;
  for (const ids of skill.words) w = Math.max(w, idf(ids[0]!));
  return w;
}

/** Share of the offer's skills the candidate has, each weighted by what it tells (skillWeight). */
function skillShare(o: OffreDoc, c: CandidatDoc, idf: (c: number) => number): number {
  let total = 0;
  let got = 0;
  for (const s of o.skills) {
    const w = skillWeight(s.a, idf);
    total += w;
    if (hasSkill(s.a, c.skillConcepts)) got += w;
  }
  return total === 0 ? 0 : got / total;
}

export function distanceKm(a: Place, b: Place): number | null {
  if (a.lat === null || a.lng === null || b.lat === null || b.lng === null) return null;
  return Math.round(haversineKm(a.lat, a.lng, b.lat, b.lng));
}

const round4 = (n: number) => Math.round(n * 10000) / 10000;

/** The candidate's hard filters: false when the offer must not be shown to (nor matched with) the candidate. */
export function passesHardFilters(c: CandidatDoc, o: OffreDoc): boolean {
  const p = c.prefs;
  if (p.contractTypes && p.contractTypes.length > 0 && !p.contractTypes.includes(o.contractType))
    return false;
  if (p.salaireMin !== null) {
    const top = o.salaireMax ?? o.salaireMin;
    if (top !== null && top < p.salaireMin) return false;
  }
  if (p.teletravail === 'EXCLUSIF' && !o.remotePossible) return false;
  // The radius needs the candidate's city; a remote offer is within reach of a remote-minded candidate.
  if (p.rayonKm !== null && c.villeId !== null && !(o.remotePossible && p.teletravail !== 'INDIFFERENT')) {
    if (o.villeId === null) return false;
    if (o.villeId !== c.villeId) {
      const d = distanceKm(c, o);
      if (d === null || d > p.rayonKm) return false;
    }
  }
  return true;
}

/** The parts of a comparison before their weights, and what the reasons need to say them. */
interface Comparison {
  raw: Record<PartName, number>;
  titleShare: number;
  dist: number | null;
  sameCity: boolean;
  sameRegion: boolean;
  level: boolean | null;
  salary: boolean | null;
  contract: boolean | null;
  remote: boolean | null;
  language: boolean;
}

function compare(c: CandidatDoc, o: OffreDoc, idf: (c: number) => number): Comparison {
  const raw: Record<PartName, number> = {
    title: 0,
    skills: 0,
    location: 0,
    level: NEUTRAL,
    salary: NEUTRAL,
    contract: NEUTRAL,
    remote: NEUTRAL,
    language: 0,
  };
  const titleShare = coverage(c.title, o.title, idf);
  const reverse = coverage(o.title, c.title, idf);
  raw.title = 0.7 * titleShare + 0.3 * reverse;

  raw.skills = skillShare(o, c, idf);

  const wantsRemote = c.prefs.teletravail !== 'INDIFFERENT';
  const dist = distanceKm(c, o);
  const sameCity = c.villeId !== null && c.villeId === o.villeId;
  const sameRegion = c.regionId !== null && c.regionId === o.regionId;
  if (o.remotePossible && wantsRemote) raw.location = 1;
  else if (sameCity) raw.location = 1;
  else {
    const byDistance = dist === null ? 0 : Math.max(0, 1 - dist / LOCATION_ZERO_KM);
    raw.location = Math.max(byDistance, sameRegion ? NEUTRAL : 0);
  }

  let level: boolean | null = null;
  if (c.years && o.minYears !== null) {
    const [lo, hi] = c.years;
    if (hi >= o.minYears && lo <= o.minYears + 5) {
      raw.level = 1;
      level = true;
    } else {
      raw.level = hi < o.minYears ? Math.max(0, 1 - (o.minYears - hi) / 5) : NEUTRAL;
      level = false;
    }
  }

  let salary: boolean | null = null;
  const top = o.salaireMax ?? o.salaireMin;
  if (c.salaireAttendu !== null && top !== null) {
    salary = top >= c.salaireAttendu;
    raw.salary = salary ? 1 : Math.max(0, top / c.salaireAttendu);
  }

  let contract: boolean | null = null;
  if (c.prefs.contractTypes && c.prefs.contractTypes.length > 0) {
    contract = c.prefs.contractTypes.includes(o.contractType);
    raw.contract = contract ? 1 : 0;
  }

  let remote: boolean | null = null;
  if (wantsRemote) {
    remote = o.remotePossible;
    raw.remote = remote ? 1 : 0;
  }

  const language = c.langue === o.langue;
  raw.language = language ? 1 : 0;
  return {
    raw,
    titleShare,
    dist,
    sameCity,
    sameRegion,
    level,
    salary,
    contract,
    remote,
    language,
  };
}

/** The weighted sum of the parts, rounded as the reasons show each part. */
function weighted(raw: Record<PartName, number>, parts?: Record<PartName, number>): number {
  let base = 0;
  for (const name of PART_NAMES) {
    const part = round4(PART_WEIGHTS[name] * raw[name]);
    if (parts) parts[name] = part;
    base += part;
  }
  return round4(base);
}

/**
 * The base score of a pair, exactly as scorePair gives it, without its reasons: a request ranks
 * hundreds of pairs and explains only the page it answers.
 */
export function baseScore(c: CandidatDoc, o: OffreDoc, idf: (c: number) => number): number {
  return weighted(compare(c, o, idf).raw);
}

export function scorePair(c: CandidatDoc, o: OffreDoc, idf: (c: number) => number): PairScore {
  const k = compare(c, o, idf);
  const matchedSkills: string[] = [];
  const missingSkills: string[] = [];
  for (const s of o.skills) (hasSkill(s.a, c.skillConcepts) ? matchedSkills : missingSkills).push(s.text);
  const parts = {} as Record<PartName, number>;
  const base = weighted(k.raw, parts);
  return {
    base,
    parts,
    matched: {
      title: k.titleShare >= TITLE_MATCH_SHARE,
      skills: matchedSkills,
      city: k.sameCity ? o.villeNom : null,
      region: k.sameRegion ? o.regionNom : null,
      distanceKm: k.dist,
      level: k.level,
      salary: k.salary,
      contract: k.contract,
      remote: k.remote,
      language: k.language,
    },
    missing: { skills: missingSkills },
  };
}
