/**
 * Kept only for migration 20261121001700, which backfilled these columns; search no longer uses
 * them (the in-process index holds every word) and migration 20261124090100 drops them.
 *
 * Short words ("RH", "IT", "BI", "QA", "C", "3D") made indexable.
 *
 * InnoDB's FULLTEXT index holds no word under innodb_ft_min_token_size (3, a server setting we
 * cannot change), so a search on "RH" used to scan every offer with REGEXP. Instead, each offer
 * keeps three columns (titre_short, competences_short, description_short, FULLTEXT-indexed one
 * by one and together) listing, once each, the 1-2 character words of titre, competences_text
 * and description, each encoded as `zq` + word + `qz` ("RH" -> "zqrhqz"): 5-6 characters, so
 * indexed, and no dictionary word looks like it. A short word of a query or an alert is encoded
 * the same way and looked up with MATCH ... AGAINST on those columns.
 *
 * Both sides cut words the same way (textWords: runs of letters and digits, NFC, lower case, a
 * word is short when it has at most SHORT_WORD_MAX_LENGTH characters) and fold accents in the
 * token, as the columns' collation does for long words: "Ré" finds "re".
 *
 * Every writer of titre / competences_text / description (offer create and update, seeds, bench
 * generators, test factories, the backfill migration) adds shortTokenColumns(row) to its row.
 */
import { foldAccents } from '../../domain/shared/text.ts';

/** innodb_ft_min_token_size: shorter words never reach the FULLTEXT indexes of the texts. */
export const FULLTEXT_MIN_LENGTH = 3;
export const SHORT_WORD_MAX_LENGTH = FULLTEXT_MIN_LENGTH - 1;

/**
 * TEXT holds 65,535 bytes. Real texts stay far below (a few dozen distinct short words), but the
 * encoding lengthens a word, so the list is cut there rather than ever failing a write.
 */
const MAX_COLUMN_BYTES = 65_000;

/** The words of a text: runs of letters and digits, NFC, lower case (query, alerts and columns alike). */
export function textWords(text: string): string[] {
  return text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export function isShortWord(word: string): boolean {
  return word.length > 0 && word.length <= SHORT_WORD_MAX_LENGTH;
}

/** The indexed token of one short word: "RH" -> "zqrhqz", "é" -> "zqeqz". */
export function shortToken(word: string): string {
  return `zq${foldAccents(word).toLowerCase()}qz`;
}

/** The column value for one source text: its distinct short words' tokens, space-separated. */
export function shortTokens(text: string | null | undefined): string {
  if (!text) return '';
  const tokens = new Set<string>();
  let bytes = 0;
  for (const word of textWords(text)) {
    if (!isShortWord(word)) continue;
    const token = shortToken(word);
    if (tokens.has(token)) continue;
    bytes += Buffer.byteLength(token) + 1;
    if (bytes > MAX_COLUMN_BYTES) break;
    tokens.add(token);
  }
  return [...tokens].join(' ');
}

export interface OffreTextColumns {
  titre?: string | null;
  competencesText?: string | null;
  description?: string | null;
}

export interface OffreShortColumns {
  titreShort?: string;
  competencesShort?: string;
  descriptionShort?: string;
}

/**
 * The short-token columns matching the text columns present in `row` (a key left undefined is
 * not written, as for a partial update): spread it into every insert or update of offres.
 */
export function shortTokenColumns(row: OffreTextColumns): OffreShortColumns {
  const cols: OffreShortColumns = {};
  if (row.titre !== undefined) cols.titreShort = shortTokens(row.titre);
  if (row.competencesText !== undefined) cols.competencesShort = shortTokens(row.competencesText);
  if (row.description !== undefined) cols.descriptionShort = shortTokens(row.description);
  return cols;
}
