/**
 * Alert keywords -> a safe full-text filter. User text may hold the boolean-mode operators of
 * MATCH ... AGAINST (+ - " * @ ( ) < > ~): only letters and digits survive, so the text can never
 * change the query's meaning (and it is bound as a parameter anyway).
 *
 * Every word is required (an alert "développeur java" wants both) and matched as a prefix
 * ("comptable" finds "comptables"). InnoDB quirks decide where each word goes:
 * - a word of 2 characters ("RH", "QA") is under innodb_ft_min_token_size (3 by default) and not
 *   in the texts' index: it is required, encoded ("+zqrhqz"), in the short-token columns
 *   (MATCH(titre_short, competences_short, description_short), index ft_offres_short_all; see
 *   domain/offres/short-tokens.ts), where it is a whole word, accents and case folded;
 * - a stopword (InnoDB's list holds "the", "with", but also "de", "la", "en") would empty the
 *   result the same way: it is dropped, as the index drops it ("chef de projet" needs chef and
 *   projet), unless the keywords are only stopwords ("IT"), then matched as whole words (the
 *   short ones through the short-token columns, which have no stopwords);
 * - what no index holds is matched with a word-boundary REGEXP (cheap: the run only looks at
 *   offers published since the last match): a stopword of 3+ characters in keywords made only
 *   of stopwords ("the"), or a 3+ character word under a server's larger min token size;
 * - one-letter words (French elisions: l', d') are dropped.
 * Accents and case need nothing for long words: utf8mb4_unicode_ci compares "developpeur" and
 * "Développeur" equal.
 */
import type { Knex } from 'knex';
import { isShortWord, shortToken, textWords } from '../offres/short-tokens.ts';

export interface FulltextSettings {
  minTokenSize: number;
  maxTokenSize: number;
  stopwords: ReadonlySet<string>;
}

export interface KeywordFilter {
  /** Boolean-mode text for MATCH(titre, competences_text, description) AGAINST (? IN BOOLEAN MODE), or null. */
  booleanQuery: string | null;
  /** Boolean-mode text for MATCH(titre_short, competences_short, description_short) (2-character words), or null. */
  shortQuery: string | null;
  /** Patterns each offer's text must match (words no index holds: rare, see above). */
  regexps: string[];
}

const MAX_WORDS = 12;

/** Lower-cased distinct words (letters and digits of any script), at most MAX_WORDS. */
export function keywordWords(text: string): string[] {
  return [...new Set(textWords(text))].slice(0, MAX_WORDS);
}

/** True when the text has at least one word an alert can match on. */
export function hasUsableKeyword(text: string): boolean {
  return keywordWords(text).some((w) => w.length >= 2);
}

// Only letters and digits reach the pattern: nothing to escape.
const wordPattern = (word: string) => `(^|[^[:alnum:]])${word}([^[:alnum:]]|$)`;

/** Short words through their tokens, when the server indexes tokens that long ("zqrhqz": 6). */
const indexesShortTokens = (word: string, ft: FulltextSettings) =>
  isShortWord(word) && shortToken(word).length >= ft.minTokenSize;

export function keywordFilter(text: string, ft: FulltextSettings): KeywordFilter {
  const words = keywordWords(text).filter((w) => w.length >= 2 && w.length <= ft.maxTokenSize);
  const meaningful = words.filter((w) => !ft.stopwords.has(w));
  // Keywords made only of stopwords ("IT") still have to match something: as whole words.
  const wanted = meaningful.length ? meaningful : words;
  const short = wanted.filter((w) => indexesShortTokens(w, ft));
  const required = meaningful
    .filter((w) => !indexesShortTokens(w, ft) && w.length >= ft.minTokenSize)
    .map((w) => `+${w}*`);
  const regexps = wanted
    .filter((w) => !indexesShortTokens(w, ft) && (meaningful.length === 0 || w.length < ft.minTokenSize))
    .map(wordPattern);
  return {
    booleanQuery: required.length ? required.join(' ') : null,
    shortQuery: short.length ? [...new Set(short.map((w) => `+${shortToken(w)}`))].join(' ') : null,
    regexps,
  };
}

function firstRow(result: unknown): Record<string, unknown> {
  const rows = (result as [Record<string, unknown>[]])[0];
  return rows[0] ?? {};
}

/** Reads the server's full-text settings once per run. */
export async function readFulltextSettings(db: Knex): Promise<FulltextSettings> {
  const vars = firstRow(
    await db.raw(
      // One-word aliases: raw results are not key-mapped the same way by every knex version.
      'SELECT @@innodb_ft_min_token_size AS minsize, @@innodb_ft_max_token_size AS maxsize, ' +
        '@@innodb_ft_enable_stopword AS stopenabled, @@innodb_ft_server_stopword_table AS stoptable',
    ),
  );
  const minTokenSize = Number(vars.minsize ?? 3);
  const maxTokenSize = Number(vars.maxsize ?? 84);
  const enabled = vars.stopenabled === true || Number(vars.stopenabled) === 1;
  let stopwords = new Set<string>();
  if (enabled) {
    const table =
      typeof vars.stoptable === 'string' && vars.stoptable ? vars.stoptable.replace('/', '.') : null;
    const [rows] = (await (table
      ? db.raw('SELECT value FROM ??', [table])
      : db.raw('SELECT value FROM information_schema.INNODB_FT_DEFAULT_STOPWORD'))) as [{ value: string }[]];
    stopwords = new Set(rows.map((r) => String(r.value).toLowerCase()));
  }
  return { minTokenSize, maxTokenSize, stopwords };
}
