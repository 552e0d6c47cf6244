/**
 * The one analysis of French job-ad text, used to index offers and to read queries (search,
 * autocomplete, job alerts), so that "matches" means the same thing everywhere.
 *
 * - Case and accents are folded (é -> e, œ -> oe).
 * - French elisions are stripped: l', d', qu', j', n', s', c', m', t', jusqu', lorsqu', puisqu',
 *   with a straight or a curly apostrophe ("l'ingénieur" -> "ingenieur").
 * - Technical tokens stay whole: letters and digits joined by inner dots or ampersands, with a
 *   leading dot or trailing + and # kept ("C++", "C#", ".NET", "Node.js", "ASP.NET", "R&D",
 *   "B&B"), so "C++" is not "C" and "R&D" is not the letters r and d. Other punctuation, hyphens
 *   included, separates words.
 * - Acronyms written with dots are read without them: "R.H.", "Q.H.S.E" and "B.T.P." are "rh",
 *   "qhse" and "btp", as typed without dots.
 * - Inclusive endings glued to a word are dropped: "confirmé(e)", "vendeur(se)", "technicien·ne",
 *   "salarié.e.s" read as "confirmé", "vendeur", "technicien", "salariés" (kept, "e" or "trice"
 *   would be words no query means).
 * - Stop-words (articles, pronouns, prepositions) are dropped on both sides, and so are the "H" and
 *   "F" of "H/F" (most ads add it to the title; kept, it would make every such title two words
 *   longer than it is for the length norm).
 * - stem(): plural and feminine forms reduce to one base ("développeurs", "développeuse" and
 *   "développeur" -> "developpeur"; "commerciaux" -> "commercial"). It is a light, rule-based
 *   stemmer on purpose: a full Snowball stemmer would also merge words a recruiter keeps apart
 *   ("gestion"/"gestionnaire"), and does not map feminine job titles (-euse, -trice) to the
 *   masculine one.
 */

const ELISION = /(^|[^\p{L}\p{N}])(?:jusqu|lorsqu|puisqu|qu|[ldjnscmt])['’‘ʼ](?=\p{L})/gu;
const TOKEN = /\.?[\p{L}\p{N}]+(?:[.&][\p{L}\p{N}]+)*[+#]*/gu;
const LETTERS_ONLY = /^\p{L}+$/u;
/** What joins the parts of a technical token. */
const JOINED = /[.&]/;
/** A feminine ending written after its word, in brackets or after a middle or full dot (folded text). */
const INCLUSIVE_ENDING =
  /(?<=\p{L})(?:\((?:e|le|ne|se|fe|euse|rice|trice|ere|esse)\)|[·.](?:e|le|ne|se|fe|euse|rice|trice|ere|esse)(?![\p{L}\p{N}]))/gu;
/** The plural mark left after an inclusive ending ("salarié.e.s" -> "salarié.s"): glued back. */
const INCLUSIVE_PLURAL = /(?<=\p{L})[·.]s(?![\p{L}\p{N}])/gu;
/** An acronym written with dots, single letters only ("R.H.", "Q.H.S.E", "B.T.P."). */
const DOTTED_ACRONYM = /(?<![\p{L}\p{N}.])\p{L}(?:\.\p{L})+\.?(?![.\p{L}\p{N}])/gu;

/**
 * Never indexed nor searched: they carry no meaning in a job ad. Folded forms. Not "son": the
 * possessive, but also the sound of "ingénieur du son" and "technicien son", which as a stop-word
 * read as "ingénieur" and "technicien" (and "technicien son-vidéo" as "technicien vidéo"); where it
 * is the possessive ("son équipe"), it is a common word of descriptions that weighs little.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a au aux avec ce ces cet cette dans de des du elle en et eux il ils je la le les leur leurs lui ' +
    'ma mais me meme mes moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses sur ' +
    'ta te tes toi ton tu un une vos votre vous y the of and or to in for with h f'
  ).split(' '),
);

/** Lower case, accents and ligatures folded. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Every word of a text, folded, elisions stripped, stop-words kept (autocomplete needs them). */
export function words(text: string): string[] {
  const folded = fold(text)
    .replace(ELISION, '$1')
    // Before the inclusive endings, which would read the ".e" of "Q.H.S.E" as one.
    .replace(DOTTED_ACRONYM, (acronym) => acronym.replaceAll('.', ''))
    .replace(INCLUSIVE_ENDING, '')
    .replace(INCLUSIVE_PLURAL, 's');
  return folded.match(TOKEN) ?? [];
}

/**
 * The indexed tokens of a text: its words without stop-words. A joined token whose parts are all
 * words of 3+ letters ("Douala.Profil", a missing space after a full stop; "Vente&Marketing")
 * also gives its parts.
 */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    if (STOPWORDS.has(word)) continue;
    out.push(word);
    if (JOINED.test(word) && !word.startsWith('.')) {
      const parts = word.split(JOINED);
      if (parts.every((p) => p.length >= 3 && LETTERS_ONLY.test(p))) out.push(...parts);
    }
  }
  return out;
}

/** Is this token a plain word (letters only), which stemming and typo tolerance apply to? */
export function isPlainWord(token: string): boolean {
  return LETTERS_ONLY.test(token);
}

/**
 * Feminine endings and their masculine, longest first; each applies when at least `root` letters
 * are left before it ("actrice": 2, "matrice" is no job title).
 */
const FEMININE: [ending: string, masculine: string, root: number][] = [
  ['woman', 'man', 3], // camerawoman, perchwoman: the English compounds French ads use
  ['tresse', 'tre', 3], // maîtresse, contremaîtresse
  ['tesse', 'te', 2], // hôtesse
  ['drice', 'deur', 3], // ambassadrice
  ['trice', 'teur', 2], // directrice, actrice, tutrice
  ['euse', 'eur', 3],
  ['enne', 'en', 3], // technicienne, doyenne
  ['onne', 'on', 3], // maçonne, patronne, forgeronne
  ['anne', 'an', 3], // paysanne
  ['elle', 'el', 3],
  ['ffe', 'f', 3], // cheffe
  ['ere', 'er', 3],
  ['ive', 'if', 3],
];

/** The base form of a folded token: plural and feminine endings removed. */
export function stem(token: string): string {
  if (token.length < 4 || !LETTERS_ONLY.test(token)) return token;
  let w = token;
  if (w.endsWith('eaux')) w = w.slice(0, -1);
  else if (w.endsWith('aux') && w.length > 4) w = `${w.slice(0, -3)}al`;
  else if (w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  for (const [ending, masculine, root] of FEMININE) {
    if (w.endsWith(ending) && w.length >= ending.length + root) {
      w = w.slice(0, -ending.length) + masculine;
      break;
    }
  }
  if (w.endsWith('ee')) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 4) {
    w = w.slice(0, -1);
    // "commise" and "commis", "française" and "français": the singular's s went with the plural's.
    if (w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  }
  return w;
}

/**
 * The word without a plural's final s or x: the typo budget goes by the word's own length, so that
 * "malteries" (a 9-letter plural of an 8-letter word) is not two edits from "materiel", and a
 * word's family by its singular (derivations.ts).
 */
export function withoutPluralEnding(word: string): string {
  return word.length > 5 && /[^s][sx]$/.test(word) ? word.slice(0, -1) : word;
}
