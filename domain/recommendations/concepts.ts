/**
 * Concepts: what a job title or a skill means once read by the search analysis (domain/search):
 * folded, elisions and stop-words removed, plural and feminine forms on one stem, and the terms
 * of the synonym groups (the starting list, the abbreviations, the bilingual ESCO job-title
 * table), so "Dev Java", "Développeuse Java" and "Java developer" meet.
 *
 * A text gives:
 * - its words, each with its own concept (its stem) and one concept per synonym group that holds
 *   it as a one-word term ("comptable" and "accountant" share the concept of their group);
 * - its phrases: multi-word synonym terms ("directeur technique", "technical director"), each
 *   with the concepts of its groups and the words it covers, so a title matched through a phrase
 *   counts its words as matched.
 *
 * Concept keys are interned as small integers for the indexes' posting lists.
 */
import { stem, tokens, type SynonymGroup } from '../search/index.ts';

/** Words of a job title that say a level or a gender, not a job: the level is matched apart. */
const TITLE_NOISE = new Set(['h', 'f', 'hf', 'senior', 'junior', 'confirme', 'experimente', 'debutant']);
const MAX_PHRASE = 6;

export interface Analysed {
  /**
   * The distinct words, each as its concept ids: first its own (its stem), then one per synonym
   * group holding it as a one-word term.
   */
  words: number[][];
  /** Multi-word synonym terms found: their group concepts, and the words (indexes in `words`) each covers. */
  phrases: { ids: number[]; covers: number[] }[];
}

export const EMPTY_ANALYSED: Analysed = { words: [], phrases: [] };

/**
 * The synonym groups by term: terms are compared by the stems of their tokens (as the search
 * compares them); a term may be in several groups. Two texts match on a synonym when they hold
 * terms of one same group, as a search query word matches the terms of its groups (one hop,
 * never a chain of groups). A lookup is one Map read per phrase length.
 */
function groupsByTerm(groups: readonly SynonymGroup[]): Map<string, number[]> {
  const byTerm = new Map<string, number[]>();
  groups.forEach((g, index) => {
    for (const t of new Set(g.terms.map((term) => tokens(term).map(stem).join(' ')))) {
      if (t === '') continue;
      const list = byTerm.get(t) ?? [];
      list.push(index);
      byTerm.set(t, list);
    }
  });
  return byTerm;
}

export class ConceptDictionary {
  private readonly ids = new Map<string, number>();
  private readonly cache = new Map<string, Analysed>();
  private readonly byTerm: Map<string, number[]>;

  constructor(groups: readonly SynonymGroup[] = []) {
    this.byTerm = groupsByTerm(groups);
  }

  get size(): number {
    return this.ids.size;
  }

  private intern(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
    }
    return id;
  }

  /** A job title: level and gender words dropped. */
  title(text: string): Analysed {
    return this.analyse(text, true);
  }

  /** A skill ("Java", "Spring Boot", "gestion de projet"). */
  skill(text: string): Analysed {
    return this.analyse(text, false);
  }

  private analyse(text: string, isTitle: boolean): Analysed {
    const cacheKey = `${isTitle ? 't' : 's'}:${text}`;
    const cached = this.cache.get(cacheKey);
    if (cached) return cached;
    const toks = tokens(text).filter((t) => !isTitle || (t.length > 1 && !TITLE_NOISE.has(t)));
    const stems = toks.map(stem);
    const words: number[][] = [];
    const wordAt: number[] = [];
    for (const s of stems) {
      const own = this.intern(s);
      let at = words.findIndex((w) => w[0] === own);
      if (at < 0) {
        at = words.push([own, ...(this.byTerm.get(s) ?? []).map((g) => this.intern(`~${g}`))]) - 1;
      }
      wordAt.push(at);
    }
    const phrases: Analysed['phrases'] = [];
    for (let i = 0; i < stems.length; i++) {
      for (let n = Math.min(MAX_PHRASE, stems.length - i); n >= 2; n--) {
        const groups = this.byTerm.get(stems.slice(i, i + n).join(' '));
        if (!groups) continue;
        phrases.push({
          ids: groups.map((g) => this.intern(`~${g}`)),
          covers: [...new Set(wordAt.slice(i, i + n))],
        });
        break;
      }
    }
    const out = { words, phrases };
    if (this.cache.size > 200_000) this.cache.clear();
    this.cache.set(cacheKey, out);
    return out;
  }
}

/** Every concept id of an analysed text (words and phrases). */
export function allConcepts(a: Analysed): number[] {
  return [...a.words.flat(), ...a.phrases.flatMap((p) => p.ids)];
}
