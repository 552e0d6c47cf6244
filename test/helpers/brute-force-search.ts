/**
 * A plain, slow judge of search matching for the differential tests: every field's words are
 * compared with every query word, with a full optimal-string-alignment table for typos. It shares
 * only the analysis (tokens, stem) and the reading of the query (query words) with the index.
 */
import { stem, tokens } from '../../domain/search/analyzer.ts';
import type { QueryWord } from '../../domain/search/query-words.ts';

/** A field's words and their stems, computed once per offer. */
export interface ScannedField {
  words: string[];
  stems: string[];
}

export function scanFields(o: { titre: string; competences: string[]; description: string }): ScannedField[] {
  return [o.titre, o.competences.join(' \n '), o.description].map((text) => {
    const words = tokens(text);
    return { words, stems: words.map(stem) };
  });
}

/** Plain optimal string alignment distance (full table, no early exit). */
export function osaDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/** The best match of one query word in one field: 3 exact, 2 stem or synonym, 1 typo, 0 none. */
function tierIn(field: ScannedField, word: QueryWord): number {
  let best = 0;
  for (const alt of word.alternatives) {
    const literal = alt === word.literal;
    if (alt.every((t) => field.stems.includes(stem(t)))) best = Math.max(best, 2);
    if (literal && alt.every((t) => field.words.includes(t))) best = Math.max(best, 3);
  }
  if (word.typos > 0 && best === 0) {
    const w = word.literal[0];
    const near = (f: string) =>
      f[0] === w[0] && Math.abs(f.length - w.length) <= word.typos && osaDistance(w, f) <= word.typos;
    if (field.words.some(near)) best = 1;
  }
  return best;
}

/** The relevance score of an offer for these words (rounded to 4 decimals), or null when a word does not match. */
export function bruteForceScore(fields: ScannedField[], words: QueryWord[]): number | null {
  const weight = [0, 0.25, 0.5, 1];
  const tiers = words.map((w) => fields.map((field) => tierIn(field, w)));
  if (!tiers.every((perField) => perField.some((t) => t > 0))) return null;
  let score = 0;
  [4, 2, 1].forEach((fieldWeight, fi) => {
    if (tiers.some((perField) => perField[fi] > 0))
      score += fieldWeight * (1 + tiers.reduce((s, perField) => s + weight[perField[fi]], 0) / words.length);
  });
  return Math.round(score * 10000) / 10000;
}
