/**
 * English words of job titles and their French cognates, by ending: "therapist" and
 * "thérapeute", "technician" and "technicien", "inspector" and "inspecteur", "secretary" and
 * "secrétaire", "biotechnological" and "biotechnologique". Job ads here are French, but people
 * type English titles; the word translations among the synonyms cover the words they were learnt
 * from, and these rules cover the many more that differ from their French form by a regular ending
 * only. A query word's cognates are matched as synonyms (query-words.ts), so an English word that
 * no offer holds still meets its French form, and one that an offer does hold ("assistant",
 * "animal") keeps it as the better match.
 *
 * Rules are on folded words (no accents), longest ending first, several rules per word; only
 * words of 5 letters or more, since short words' endings say little ("car", "bar").
 */

/** English ending, French endings. */
const ENDINGS: [string, string[]][] = [
  ['ologist', ['ologue', 'ologiste']],
  ['ographer', ['ographe']],
  ['apist', ['apeute']],
  ['ician', ['icien']],
  ['ical', ['ique']],
  ['ics', ['ique']],
  ['ian', ['ien']],
  ['ist', ['iste']],
  ['ity', ['ite']],
  ['ary', ['aire']],
  ['ory', ['oire']],
  ['ous', ['eux']],
  ['ic', ['ique']],
  ['al', ['el', 'ique']],
  ['or', ['eur']],
  ['er', ['eur', 'ier']],
  ['y', ['ie']],
];

/** Letters a word needs for its ending to count. */
const MIN_LENGTH = 5;

/** The French cognates of a folded English word (none for a word without a known ending). */
export function cognates(word: string): string[] {
  const w = word.length > MIN_LENGTH && /[^s]s$/.test(word) ? word.slice(0, -1) : word;
  if (w.length < MIN_LENGTH || !/^[a-z]+$/.test(w)) return [];
  for (const [ending, french] of ENDINGS)
    if (w.endsWith(ending) && w.length >= ending.length + 2)
      return french.map((f) => w.slice(0, -ending.length) + f);
  return [];
}
