/**
 * French words of one family, the trade and the one who practises it: "géothermie",
 * "géothermicien" and "géothermiste"; "cardiologie" and "cardiologue"; "menuiserie" and
 * "menuisier"; "chimie" and "chimiste". A job title names either ("Ingénieur géothermiste",
 * "Consultant géothermie"), and an occupation's titles often use both; the stemmer leaves them
 * apart, since their endings differ by more than an inflection. A query word meets the other
 * members of its family as related synonyms (query-words.ts), after offers holding the word itself.
 *
 * Rules are on folded words (analyzer.ts: no accents, lower case); a form no offer holds is looked
 * up and meets nothing. Agent nouns in -eur against -age or -tion ("chauffeur", "chauffage";
 * "directeur", "direction") are left out: they name other trades as often as the same one.
 */

import { withoutPluralEnding } from './analyzer.ts';

/** Families of endings: a word ending in one also stands for its root with each of the others. */
const FAMILIES: readonly (readonly string[])[] = [
  ['icien', 'icienne', 'ique', 'ie', 'iste'],
  ['ien', 'ienne', 'ie', 'isme', 'iste'],
  ['logue', 'logie', 'logiste', 'logique'],
  ['graphe', 'graphie', 'graphiste', 'graphique'],
  ['peute', 'pie'],
  ['nome', 'nomie'],
  ['ier', 'iere', 'erie'],
  ['er', 'ere', 'erie'],
];

/** Letters the root keeps at least: shorter roots ("chien", "lien") say little. */
const MIN_ROOT = 4;

/** The other members of the folded word's families (none when no family's ending fits). */
export function derivedForms(word: string): string[] {
  const singular = withoutPluralEnding(word);
  const out = new Set<string>();
  for (const family of FAMILIES) {
    let ending = '';
    for (const e of family) if (singular.endsWith(e) && e.length > ending.length) ending = e;
    if (!ending || singular.length - ending.length < MIN_ROOT) continue;
    const root = singular.slice(0, -ending.length);
    for (const e of family) out.add(root + e);
  }
  out.delete(singular);
  out.delete(word);
  return [...out];
}
