/**
 * French words of one family, the trade, its place or matter and the one who practises it:
 * "géothermie", "géothermicien" and "géothermiste"; "cardiologie" and "cardiologue"; "menuiserie"
 * and "menuisier"; "chimie" and "chimiste"; "comptabilité" and "comptable"; "gardiennage" and
 * "gardien". A candidate often types the field ("comptabilité", "cuisine") and a job title names
 * either ("Ingénieur géothermiste", "Consultant géothermie"), and an occupation's titles often use
 * both; the stemmer leaves them apart, since their endings differ by more than an inflection. A
 * query word meets the other members of its family as related synonyms (query-words.ts), after
 * offers holding the word itself.
 *
 * Rules are on folded words (analyzer.ts: no accents, lower case); a form no offer holds meets
 * nothing (with the index's vocabulary, it is not even looked up). Agent nouns in -eur against
 * -age or -tion ("chauffeur", "chauffage"; "directeur", "direction") are left out: they name other
 * trades as often as the same one.
 */

import { withoutPluralEnding } from './analyzer.ts';

/** Families of endings: a word ending in one also stands for its root with each of the others. */
const FAMILIES: readonly (readonly string[])[] = [
  ['icien', 'icienne', 'ique', 'ie', 'iste'],
  ['icien', 'icienne', 'icite'],
  ['ien', 'ienne', 'ie', 'isme', 'iste'],
  ['logue', 'logie', 'logiste', 'logique'],
  ['graphe', 'graphie', 'graphiste', 'graphique'],
  ['peute', 'pie'],
  ['nome', 'nomie'],
  ['ier', 'iere', 'erie'],
  ['er', 'ere', 'erie'],
  // The place or the matter and who works there: "cuisine", "cuisinier"; "caisse", "caissier";
  // "douane", "douanier"; "finance", "financier"; "police", "policier".
  ['e', 'ier', 'iere'],
  ['ien', 'iennage'],
  ['table', 'tabilite'],
  ['aire', 'ariat'],
  ['eur', 'euse', 'ure'],
  ['ant', 'ante', 'ement'],
  ['ion', 'ionnaire', 'ionniste'],
];

/**
 * Words whose family member by these endings names something else ("équipe" and "équipier",
 * "mobile" and "mobilier", "courte" and "courtier", "publicité" and "publique"), found by reading
 * every pair the rules make among the words of the shipped job-title tables: they take no part.
 */
const UNRELATED = new Set([
  'agence',
  'barre',
  'brochure',
  'capteur',
  'capture',
  'carre',
  'courte',
  'division',
  'douce',
  'doublure',
  'ensemble',
  'equipe',
  'escale',
  'fourre',
  'lecteur',
  'lecture',
  'locale',
  'menagerie',
  'mission',
  'mobile',
  'office',
  'parole',
  'particule',
  'place',
  'pompe',
  'porte',
  'publicite',
  'ressource',
  'station',
  'traitement',
  'ville',
  'voiture',
]);

/** Letters the root keeps at least: shorter roots ("chien", "lien") say little. */
const MIN_ROOT = 4;

/** The other members of the folded word's families (none when no family's ending fits). */
export function derivedForms(word: string): string[] {
  const singular = withoutPluralEnding(word);
  const out = new Set<string>();
  if (UNRELATED.has(singular)) return [];
  for (const family of FAMILIES) {
    let ending = '';
    for (const e of family) if (singular.endsWith(e) && e.length > ending.length) ending = e;
    if (!ending || singular.length - ending.length < MIN_ROOT) continue;
    const root = singular.slice(0, -ending.length);
    for (const e of family) out.add(root + e);
  }
  out.delete(singular);
  out.delete(word);
  return [...out].filter((form) => !UNRELATED.has(form));
}
