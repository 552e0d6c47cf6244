/**
 * A plain, slow judge of search for the differential tests, written from the rules in README
 * "Search" and nothing else: every offer is looked at, every field's words compared with every
 * query word (a full optimal-string-alignment table for typos), every idf counted by scanning
 * every offer. It shares only the analysis (tokens, stem) and the reading of the query (query
 * words) with the index.
 */
import { stem, tokens } from '../../domain/search/analyzer.ts';
import type { QueryWord } from '../../domain/search/query-words.ts';
import { searchedTexts, type SearchedOffre } from '../../domain/search/offre-texts.ts';

/** A field's words and their stems, computed once per offer. */
export interface ScannedField {
  words: string[];
  stems: string[];
}

export interface ScannedOffre {
  id: number;
  publishedAt: number;
  fields: ScannedField[];
  /** The stems of its company's name. */
  nameStems?: string[];
}

/**
 * An offer's score, the query tokens it covers, those it covers only with a typo, those in its
 * title, and those its text misses but its company's name holds.
 */
interface BruteScore {
  score: number;
  covered: number;
  typos: number;
  inTitle: number;
  /** Stems of the tokens no offer's text holds (but with a typo) and its company's name holds. */
  named: string[];
  /** Its company's name holds every query token (and some token no text meets). */
  company?: boolean;
}

export interface BruteHit {
  id: number;
  score: number;
  matchedWords: number;
  /** Tokens covered by its company's name, or every token where the name holds them all. */
  named: number;
}

// The rule's numbers, stated again here on purpose (not imported): title, skills, description.
const FIELD_WEIGHT = [4, 2, 1];
const B = [0.75, 0.5, 0.75];
const K1 = 1.2;
/**
 * Tier weights: 0 none, 1 typo, 2 related synonym (met through only one of the typed term's
 * several groups), 3 synonym, 4 the query word itself (any form with its stem).
 */
const TIER_WEIGHT = [0, 0.5, 0.5, 0.8, 1];
/** A title that starts with a form of a query word scores this much more. */
const HEAD_BONUS = 0.1;

/** Does the title start with a form (as typed or a synonym, not a related term) of a query word? By stem. */
function startsWithQueryWord(words: QueryWord[], title: ScannedField): boolean {
  const t = ` ${title.stems.join(' ')} `;
  const forms = words.flatMap((w) => w.alternatives);
  return forms.some((a) => a.length > 0 && t.startsWith(` ${a.map(stem).join(' ')} `));
}

export function scanFields(o: SearchedOffre): ScannedField[] {
  return searchedTexts(o).map((text) => {
    const words = tokens(text);
    return { words, stems: words.map(stem) };
  });
}

/** Plain optimal string alignment distance (full table, no early exit; one flat array, row by row). */
export function osaDistance(a: string, b: string): number {
  const w = b.length + 1;
  const d = new Int32Array((a.length + 1) * w);
  for (let i = 0; i <= a.length; i++) d[i * w] = i;
  for (let j = 0; j <= b.length; j++) d[j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const at = i * w + j;
      d[at] = Math.min(d[at - w] + 1, d[at - 1] + 1, d[at - w - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[at] = Math.min(d[at], d[at - 2 * w - 2] + 1);
    }
  return d[a.length * w + b.length];
}

/** A query word's forms by stem (stemmed once per query word, not once per field scanned). */
interface StemmedWord {
  alternatives: string[][];
  related: string[][];
  word: QueryWord;
}

function stemmed(word: QueryWord): StemmedWord {
  const stems = (forms: string[][]) => forms.map((form) => form.map(stem));
  return { alternatives: stems(word.alternatives), related: stems(word.related), word };
}

/** Whether every token of a form is in the field (by stem). */
function holds(field: ScannedField, form: string[]): boolean {
  for (const token of form) if (!field.stems.includes(token)) return false;
  return true;
}

/** Whether some word of the field is the typed word with at most `typos` edits (first letter kept). */
function nearIn(field: ScannedField, typedWord: string, typos: number): boolean {
  for (const f of field.words)
    if (
      f[0] === typedWord[0] &&
      Math.abs(f.length - typedWord.length) <= typos &&
      osaDistance(typedWord, f) <= typos
    )
      return true;
  return false;
}

/**
 * The best match of one query word in one field: 4 itself, 3 synonym, 2 related synonym, 1 typo
 * (unless `typos` is false), 0 none.
 */
function tierIn(field: ScannedField, { alternatives, related, word }: StemmedWord, typos: boolean): number {
  if (holds(field, alternatives[0])) return 4;
  for (let k = 1; k < alternatives.length; k++) if (holds(field, alternatives[k])) return 3;
  for (const form of related) if (holds(field, form)) return 2;
  return typos && word.typos > 0 && nearIn(field, word.literal[0], word.typos) ? 1 : 0;
}

/** A word held as typed by at least 20 offers and 0.5% of them is not read with typos. */
const commonAsTyped = (held: number, all: number) => held >= 20 && held >= 0.005 * all;

/** Everything the score of one query word needs, over the whole collection. */
class WordJudge {
  readonly idf: number;
  /** Some offer holds the word as typed: a typo match there is another word. */
  readonly heldAsTyped: boolean;
  /** No offer's text meets the word but with a typo: it may be (part of) a company's name. */
  readonly heldByNone: boolean;
  /** Each offer's tier in each field, by offer. */
  private readonly tiersById = new Map<number, number[]>();
  constructor(
    readonly word: QueryWord,
    all: ScannedOffre[],
    private readonly average: number[],
  ) {
    const forms = stemmed(word);
    const held = all.filter((o) => o.fields.some((f) => holds(f, forms.alternatives[0]))).length;
    const typos = !commonAsTyped(held, all.length);
    for (const o of all)
      this.tiersById.set(
        o.id,
        o.fields.map((f) => tierIn(f, forms, typos)),
      );
    const df = all.filter((o) => this.tiers(o).some((t) => t > 0)).length;
    this.heldByNone = all.every((o) => this.tiers(o).every((t) => t <= 1));
    this.heldAsTyped = held > 0;
    this.idf = Math.log(1 + (all.length - df + 0.5) / (df + 0.5));
  }

  tiers(o: ScannedOffre): number[] {
    return this.tiersById.get(o.id) as number[];
  }

  /** BM25F: idf × saturated sum over fields of weight × tier weight / length norm; null when it does not match. */
  weight(o: ScannedOffre): number | null {
    const tiers = this.tiers(o);
    if (tiers.every((t) => t === 0)) return null;
    let tf = 0;
    tiers.forEach((t, f) => {
      if (t === 0) return;
      // A synonym stands for the tokens typed: its field counts those beyond the first as words too.
      const words = o.fields[f].words.length + (t === 2 || t === 3 ? this.word.literal.length - 1 : 0);
      const norm = this.average[f] <= 0 ? 1 : 1 - B[f] + (B[f] * words) / this.average[f];
      tf += (FIELD_WEIGHT[f] * TIER_WEIGHT[t]) / norm;
    });
    return this.idf * ((tf * (K1 + 1)) / (tf + K1));
  }
}

/** A word's tokens as typed where a synonym term met with a typo replaced them one for one. */
function asTyped(w: QueryWord): string[] {
  return w.typed?.length === w.literal.length ? w.typed : w.literal;
}

/**
 * Score and covered tokens of every offer (all of `all` counts for idf and averages; `candidates`
 * are scored); `unmet`, when given, receives the stems of the query tokens no offer's text holds,
 * as typed or through a synonym.
 */
export function bruteForceScores(
  all: ScannedOffre[],
  candidats: ScannedOffre[],
  words: QueryWord[],
  unmet: string[] = [],
): Map<number, BruteScore> {
  const average = [0, 1, 2].map((f) =>
    all.length ? all.reduce((s, o) => s + o.fields[f].words.length, 0) / all.length : 0,
  );
  const judges = words.map((w) => ({
    whole: new WordJudge(w, all, average),
    parts: w.parts.map((p) => new WordJudge(p, all, average)),
  }));
  words.forEach((w, i) =>
    (w.parts.length ? judges[i].parts : [judges[i].whole]).forEach((judge, k) => {
      if (judge.heldByNone) unmet.push(stem(asTyped(w)[k]));
    }),
  );
  const out = new Map<number, BruteScore>();
  for (const o of candidats) {
    let covered = 0;
    let typos = 0;
    let inTitle = 0;
    let score = 0;
    // A word that offers hold as typed, covered here with nothing better than a typo in any field.
    const byTypoOnly = (judge: WordJudge) =>
      judge.word.typos > 0 && judge.heldAsTyped && Math.max(...judge.tiers(o)) === 1;
    const named: string[] = [];
    words.forEach((w, i) => {
      const whole = judges[i].whole.weight(o);
      if (whole === null)
        (w.parts.length ? judges[i].parts : [judges[i].whole]).forEach((judge, k) => {
          const s = stem(asTyped(w)[k]);
          if (judge.heldByNone && o.nameStems?.includes(s)) named.push(s);
        });
      if (whole !== null) {
        covered += w.literal.length;
        if (byTypoOnly(judges[i].whole)) typos += w.literal.length;
        if (judges[i].whole.tiers(o)[0] > 0) inTitle += w.literal.length;
        score += w.literal.length * whole;
        return;
      }
      for (const part of judges[i].parts) {
        const p = part.weight(o);
        if (p === null) continue;
        covered += 1;
        if (byTypoOnly(part)) typos += 1;
        if (part.tiers(o)[0] > 0) inTitle += 1;
        score += p;
      }
    });
    if (startsWithQueryWord(words, o.fields[0])) score *= 1 + HEAD_BONUS;
    if (covered > 0)
      out.set(o.id, { score: Math.round(score * 10000) / 10000, covered, typos, inTitle, named });
  }
  return out;
}

/** Does the offer match every query token (what job alerts require)? */
export function coversAllWords(fields: ScannedField[], words: QueryWord[]): boolean {
  const offre = { id: 0, publishedAt: 0, fields };
  const n = words.reduce((s, w) => s + w.literal.length, 0);
  return bruteForceScores([offre], [offre], words).get(0)?.covered === n;
}

/**
 * Phrase proximity in the title (by stem): each pair of neighbouring typed tokens inside a query
 * word that are neighbours there, in order, plus each pair of neighbouring query words where the
 * last token of some form of the first (typed or synonym) comes right before the first token of
 * some form of the second.
 */
function neighbours(words: QueryWord[], title: ScannedField): number {
  const t = ` ${title.stems.join(' ')} `;
  const side = (a: string, b: string) => t.includes(` ${stem(a)} ${stem(b)} `);
  let n = 0;
  words.forEach((w, i) => {
    for (let k = 0; k + 1 < w.literal.length; k++) if (side(w.literal[k], w.literal[k + 1])) n += 1;
    const next = words[i + 1];
    const forms = (q: QueryWord) => [...q.alternatives, ...q.related];
    if (next && forms(w).some((a) => forms(next).some((b) => side(a[a.length - 1], b[0])))) n += 1;
  });
  return n;
}

/**
 * The answer in order: offers covering every query token; with fewer of them than `partialBelow`
 * (> 0), a token that no offer's text holds (but with a typo) counts as covered where the company's name holds it
 * (by stem; nothing added to the score), and the best of the others follow, up to `partialBelow`
 * offers in all. Order: covered tokens,
 * tokens covered in the title, fewest tokens covered only with a typo, score, title words as typed,
 * title proximity, newest, highest id.
 */
export function bruteForceSearch(
  all: ScannedOffre[],
  candidats: ScannedOffre[],
  words: QueryWord[],
  partialBelow: number,
): BruteHit[] {
  const unmet: string[] = [];
  const scores = bruteForceScores(all, candidats, words, unmet);
  const n = words.reduce((s, w) => s + w.literal.length, 0);
  // Too few offers match every token by their text: the company's name covers the tokens no text
  // holds (but with a typo) that it holds.
  const byName = [...scores.values()].filter((s) => s.covered === n).length < partialBelow;
  for (const s of scores.values()) {
    if (!byName || s.covered === n) s.named = [];
    s.covered += s.named.length;
  }
  // A token no text holds, and a company's name holds every token: all its offers match them all.
  const allStems = words.flatMap((w) => asTyped(w).map(stem));
  if (byName && unmet.length)
    for (const o of candidats)
      if (allStems.every((t) => o.nameStems?.includes(t))) {
        const s = scores.get(o.id) ?? { score: 0, covered: 0, typos: 0, inTitle: 0, named: [] };
        s.covered = n;
        s.company = true;
        scores.set(o.id, s);
      }
  const typed = words.flatMap((w) => w.literal);
  const rows = candidats
    .filter((o) => scores.has(o.id))
    .map((o) => {
      const s = scores.get(o.id) as BruteScore;
      const title = o.fields[0];
      return {
        o,
        ...s,
        near: neighbours(words, title),
        typed: typed.filter((t) => title.words.includes(t)).length,
      };
    });
  rows.sort(
    (a, b) =>
      b.covered - a.covered ||
      b.inTitle - a.inTitle ||
      a.typos - b.typos ||
      b.score - a.score ||
      b.typed - a.typed ||
      b.near - a.near ||
      b.o.publishedAt - a.o.publishedAt ||
      b.o.id - a.o.id,
  );
  const full = rows.filter((r) => r.covered === n);
  const partial = rows.filter((r) => r.covered < n).slice(0, Math.max(0, partialBelow - full.length));
  return [...full, ...partial].map((r) => ({
    id: r.o.id,
    score: r.score,
    matchedWords: r.covered,
    named: r.company ? n : r.named.length,
  }));
}
