/**
 * English words of job titles and their French equivalents, learnt from the bilingual ESCO table
 * (esco-job-titles.tsv): an English word and a French word that keep appearing in the titles of
 * the same occupations translate each other ("dairy" and "lait", "library" and "bibliothécaire").
 * Seeded as two-term synonym groups, so an English title meets French offers word by word even
 * for an occupation whose titles the table does not list in full (its groups hold whole titles).
 *
 * Learning: over the occupations, each word (compared by stem) counts the occupations whose titles
 * hold it; an English word pairs with the French word of the best Dice coefficient
 * (2 × both / (english + french)), kept when the two meet in several occupations and the
 * coefficient is high, or when they meet once and are spelled alike (cognates: "technician" and
 * "technicien"). A word of French titles (the table's, the ROME's) or of French ads ("stage") is not a
 * translation source (as a synonym it would change French queries), and a French word is kept for
 * at most the two best English words of it. `asFirstShipped`: the pairs the first releases seeded,
 * before the ROME's words and FRENCH_AD_WORDS were left out (seeds/search-synonyms.ts corrects them).
 */
import { fold, stem, tokens } from '../../domain/search/analyzer.ts';
import { withinTypoDistance } from '../../domain/search/typo.ts';
import { FRENCH_AD_WORDS, type EscoOccupation } from './esco-job-titles.ts';
import { romeOccupations } from './rome-job-titles.ts';

/** English words that carry no meaning in a title (the analyser drops the commonest ones already). */
const ENGLISH_STOPWORDS = new Set(['an', 'at', 'on', 'by', 'from', 'into', 'as', 'other', 'all', 'not']);
/** Dice coefficient a pair seen in several occupations needs. */
const MIN_DICE = 0.3;
/** Occupations a pair must share to be kept on its counts alone. */
const MIN_SHARED = 2;
/** Added to the Dice coefficient of cognates: spelling is evidence, not proof ("library", "libraire"). */
const COGNATE_BONUS = 0.3;
/** A second French word is kept for an English word when its Dice is at least this share of the best. */
const SECOND_BEST = 0.8;

interface Vocabulary {
  /** Occupations holding each stem. */
  count: Map<string, number>;
  /** The commonest surface form of each stem (what the synonym group holds). */
  form: Map<string, string>;
}

function vocabularyOf(lists: string[][]): { stems: Set<string>[]; vocabulary: Vocabulary } {
  const count = new Map<string, number>();
  const forms = new Map<string, Map<string, number>>();
  const stems = lists.map((titles) => {
    const set = new Set<string>();
    for (const title of titles)
      for (const token of tokens(title)) {
        if (!/^\p{L}{3,}$/u.test(token) || ENGLISH_STOPWORDS.has(token)) continue;
        const s = stem(token);
        set.add(s);
        const byForm = forms.get(s) ?? new Map<string, number>();
        byForm.set(token, (byForm.get(token) ?? 0) + 1);
        forms.set(s, byForm);
      }
    for (const s of set) count.set(s, (count.get(s) ?? 0) + 1);
    return set;
  });
  const form = new Map(
    [...forms].map(([s, byForm]) => [
      s,
      [...byForm].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0],
    ]),
  );
  return { stems, vocabulary: { count, form } };
}

/**
 * Stems French job titles use beyond the ESCO table's (the ROME's titles: "senior", "design",
 * "salon", "pressing", "master") and FRENCH_AD_WORDS: no English word to translate, since a French
 * query holds them ("comptable senior" met "export" and "import" through "senior").
 */
function frenchWords(): Set<string> {
  const out = new Set([...FRENCH_AD_WORDS].map(stem));
  for (const o of romeOccupations()) for (const t of o.titles) for (const w of tokens(t)) out.add(stem(w));
  return out;
}

/** Letters two spellings of a word share at least at their start to be taken for cognates. */
const COGNATE_PREFIX = 6;

/**
 * Spelled alike: the same first six letters ("orthopaedic", "orthopédique"), or within a third of
 * the shorter word's letters of each other ("gardener", "jardinier" are not; "dancer", "danseur" are).
 */
function cognates(a: string, b: string): boolean {
  const x = fold(a);
  const y = fold(b);
  if (x.length >= COGNATE_PREFIX && y.startsWith(x.slice(0, COGNATE_PREFIX))) return true;
  const edits = Math.max(1, Math.floor(Math.min(x.length, y.length) / 3));
  return withinTypoDistance(x, y, edits);
}

/** Pairs [English word, French word], each a synonym group, learnt from the occupations given. */
export function escoWordTranslations(
  occupations: readonly EscoOccupation[],
  options: { asFirstShipped?: boolean } = {},
): string[][] {
  const withBoth = occupations.filter((o) => o.fr.length > 0 && o.en.length > 0);
  const frenchOnly = options.asFirstShipped ? new Set<string>() : frenchWords();
  const fr = vocabularyOf(withBoth.map((o) => o.fr));
  const en = vocabularyOf(withBoth.map((o) => o.en));
  const shared = new Map<string, Map<string, number>>();
  withBoth.forEach((_, i) => {
    for (const e of en.stems[i]) {
      if (fr.vocabulary.count.has(e) || frenchOnly.has(e)) continue;
      const row = shared.get(e) ?? new Map<string, number>();
      for (const f of fr.stems[i]) row.set(f, (row.get(f) ?? 0) + 1);
      shared.set(e, row);
    }
  });
  const candidats: { e: string; f: string; dice: number }[] = [];
  for (const [e, row] of shared) {
    const ce = en.vocabulary.count.get(e) ?? 0;
    const scored = [...row]
      .map(([f, both]) => {
        const dice = (2 * both) / (ce + (fr.vocabulary.count.get(f) ?? 0));
        const alike = cognates(en.vocabulary.form.get(e) ?? e, fr.vocabulary.form.get(f) ?? f);
        const kept = (both >= MIN_SHARED && dice >= MIN_DICE) || alike;
        return { f, dice: alike ? dice + COGNATE_BONUS : dice, kept };
      })
      .filter((c) => c.kept)
      .sort((a, b) => b.dice - a.dice || (a.f < b.f ? -1 : 1));
    const best = scored[0];
    if (!best) continue;
    for (const c of scored.slice(0, 2))
      if (c === best || c.dice >= best.dice * SECOND_BEST) candidats.push({ e, f: c.f, dice: c.dice });
  }
  // A French word keeps its two best English words: beyond, the pairs are mostly noise.
  const byFrench = new Map<string, number>();
  const out: string[][] = [];
  for (const c of candidats.sort((a, b) => b.dice - a.dice || (a.e < b.e ? -1 : a.e > b.e ? 1 : 0))) {
    const n = byFrench.get(c.f) ?? 0;
    if (n >= 2) continue;
    byFrench.set(c.f, n + 1);
    out.push([en.vocabulary.form.get(c.e) ?? c.e, fr.vocabulary.form.get(c.f) ?? c.f]);
  }
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}
