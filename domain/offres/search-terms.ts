/**
 * Turns the text a user typed into safe search terms for the offers search.
 *
 * - Words are runs of letters and digits; everything else (including the boolean-mode operators
 *   + - " * @ ( ) < > ~) is a separator, so no user text ever reaches MATCH ... AGAINST as syntax.
 * - Stop-words (InnoDB's built-in list, which the index never holds, and common French words)
 *   are dropped: a query made only of them, or of symbols, has no term and gives an empty page.
 * - Words of 3 characters or more go to FULLTEXT on the texts. Shorter ones ("RH", "IT"; "BTP"
 *   is long enough) are below InnoDB's ft_min_token_size (3, a server setting we cannot change):
 *   they are looked up, encoded ("rh" -> "zqrhqz"), in the FULLTEXT indexes of the short-token
 *   columns (short-tokens.ts); their number is capped.
 * - Words are cut as the short-token columns are written (textWords: NFC, lower case).
 */
import { foldAccents } from '../shared/text.ts';
import { FULLTEXT_MIN_LENGTH, shortToken, textWords } from './short-tokens.ts';

export { FULLTEXT_MIN_LENGTH };

/** innodb_ft_default_stopword: never indexed, so a FULLTEXT term on them matches nothing. */
const INNODB_STOPWORDS = [
  'a',
  'about',
  'an',
  'are',
  'as',
  'at',
  'be',
  'by',
  'com',
  'de',
  'en',
  'for',
  'from',
  'how',
  'i',
  'in',
  'is',
  'la',
  'of',
  'on',
  'or',
  'that',
  'the',
  'this',
  'to',
  'was',
  'what',
  'when',
  'where',
  'who',
  'will',
  'with',
  'und',
  'www',
];
// "it" is on InnoDB's list too, but on a job board it means "informatique": it is a short word,
// looked up in the short-token columns, where InnoDB's stop-words do not apply ("zqitqz").

const FRENCH_STOPWORDS = [
  'au',
  'aux',
  'avec',
  'ce',
  'ces',
  'dans',
  'des',
  'du',
  'elle',
  'est',
  'et',
  'eux',
  'il',
  'je',
  'le',
  'les',
  'leur',
  'lui',
  'ma',
  'mais',
  'me',
  'meme',
  'mes',
  'moi',
  'mon',
  'ne',
  'nos',
  'notre',
  'nous',
  'ou',
  'par',
  'pas',
  'pour',
  'qu',
  'que',
  'qui',
  'sa',
  'se',
  'ses',
  'son',
  'sur',
  'ta',
  'te',
  'tes',
  'toi',
  'ton',
  'tu',
  'un',
  'une',
  'vos',
  'votre',
  'vous',
  'y',
  // elided articles and pronouns: l'entreprise, d'affaires, j'ai, n'est, s'il, m', t'
  'l',
  'd',
  'j',
  'n',
  's',
  'm',
  't',
];

const STOPWORDS = new Set([...INNODB_STOPWORDS, ...FRENCH_STOPWORDS]);

const MAX_TERMS = 8;
const MAX_SHORT_TERMS = 3;
const MAX_TERM_LENGTH = 40;
/** Terms at least this long also match as a prefix (plurals: "comptable" finds "comptables"). */
const PREFIX_MIN_LENGTH = 5;

export interface SearchTerms {
  /** Words for FULLTEXT (3+ characters), lower case, accents kept (the collation ignores them). */
  long: string[];
  /** Words under 3 characters, for the short-token columns (shortToken); letters and digits only. */
  short: string[];
}

export function searchTerms(q: string): SearchTerms {
  const words = textWords(q).map((w) => w.slice(0, MAX_TERM_LENGTH));
  const long: string[] = [];
  const short: string[] = [];
  for (const word of words) {
    if (STOPWORDS.has(foldAccents(word))) continue;
    const bucket = word.length >= FULLTEXT_MIN_LENGTH ? long : short;
    if (bucket.includes(word) || long.length + short.length >= MAX_TERMS) continue;
    // "é" and "e" are one token: counted once.
    if (bucket === short && short.some((w) => shortToken(w) === shortToken(word))) continue;
    if (bucket === short && short.length >= MAX_SHORT_TERMS) continue;
    bucket.push(word);
  }
  return { long, short };
}

export function isEmptySearch(terms: SearchTerms): boolean {
  return terms.long.length === 0 && terms.short.length === 0;
}

/** One group per word: `(word word*)` matches the word, or a longer one that starts with it. */
function group(word: string): string {
  return word.length >= PREFIX_MIN_LENGTH ? `(${word} ${word}*)` : `(${word})`;
}

/** Boolean-mode query requiring every word somewhere: `+(a a*) +(b)`. */
export function requireAllQuery(long: string[]): string {
  return long.map((w) => `+${group(w)}`).join(' ');
}

/** Boolean-mode query for ranking one field: any of the words, a full word scoring above a prefix. */
export function rankQuery(long: string[]): string {
  return long.map(group).join(' ');
}

/** Boolean-mode query over the short-token columns requiring every short word: `+zqrhqz +zqitqz`. */
export function requireAllShortQuery(short: string[]): string {
  return short.map((w) => `+${shortToken(w)}`).join(' ');
}
