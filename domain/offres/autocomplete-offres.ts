/**
 * GET /offres/autocomplete?q=: at most 10 suggestions {type, value} from published offers'
 * titles and skills and from company names, matching a word prefix (accents and case ignored).
 *
 * Fast by construction: a prefix of 3+ characters goes through the FULLTEXT indexes
 * (`word*` in boolean mode); a shorter one uses the B-tree indexes on (status, titre) and on
 * nom_entreprise with `LIKE 'prefix%'`. Every candidate query is LIMITed, and the ranking (whole
 * value starting with the prefix first, then how many offers carry it) is done on those few rows.
 * Slots: up to 5 titles, 3 skills, 2 companies, then free slots go to whatever is left.
 */
import type { Ctx } from '../context.ts';
import { foldAccents } from '../shared/text.ts';
import { FULLTEXT_MIN_LENGTH } from './search-terms.ts';
import { parseCompetences } from './offre-view.ts';

export type SuggestionType = 'TITRE' | 'COMPETENCE' | 'ENTREPRISE';
export interface Suggestion {
  type: SuggestionType;
  value: string;
}

export const MAX_SUGGESTIONS = 10;
const SLOTS: [SuggestionType, number][] = [
  ['TITRE', 5],
  ['COMPETENCE', 3],
  ['ENTREPRISE', 2],
];
const CANDIDATE_ROWS = 200;

const fold = (s: string) => foldAccents(s).toLowerCase();
const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Does any word of `value` (or the value itself) start with `prefix`? Both folded. */
function wordStartsWith(value: string, prefix: string): boolean {
  const v = fold(value);
  return v.startsWith(prefix) || v.split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith(prefix));
}

/** Distinct values ranked: value starting with the prefix first, then frequency, then alphabetical. */
function rank(values: string[], prefix: string): string[] {
  const counts = new Map<string, { value: string; n: number }>();
  for (const value of values) {
    if (!wordStartsWith(value, prefix)) continue;
    const key = fold(value);
    const entry = counts.get(key) ?? { value, n: 0 };
    entry.n += 1;
    counts.set(key, entry);
  }
  return [...counts.entries()]
    .sort(
      ([ka, a], [kb, b]) =>
        Number(kb.startsWith(prefix)) - Number(ka.startsWith(prefix)) || b.n - a.n || ka.localeCompare(kb),
    )
    .map(([, e]) => e.value);
}

async function titleCandidates(ctx: Ctx, prefix: string, word: string | null): Promise<string[]> {
  const query = ctx.db('offres').where({ status: 'PUBLISHED' }).limit(CANDIDATE_ROWS).pluck('titre');
  if (word) query.whereRaw('MATCH(titre) AGAINST (? IN BOOLEAN MODE)', [`${word}*`]);
  else query.where('titre', 'like', likePrefix(prefix));
  return (await query) as string[];
}

async function skillCandidates(ctx: Ctx, prefix: string, word: string | null): Promise<string[]> {
  const query = ctx.db('offres').where({ status: 'PUBLISHED' }).limit(CANDIDATE_ROWS).pluck('competences');
  if (word) query.whereRaw('MATCH(competences_text) AGAINST (? IN BOOLEAN MODE)', [`${word}*`]);
  else
    query.where((b) =>
      b
        .where('competencesText', 'like', likePrefix(prefix))
        .orWhere('competencesText', 'like', `% ${likePrefix(prefix)}`),
    );
  const lists = (await query) as unknown[];
  return lists.flatMap(parseCompetences);
}

async function companyCandidates(ctx: Ctx, prefix: string, word: string | null): Promise<string[]> {
  const query = ctx
    .db('entreprises')
    .where({ status: 'ACTIVE' })
    .limit(CANDIDATE_ROWS)
    .select('nomEntreprise');
  if (word) query.whereRaw('MATCH(nom_entreprise) AGAINST (? IN BOOLEAN MODE)', [`${word}*`]);
  else query.where('nomEntreprise', 'like', likePrefix(prefix));
  return ((await query) as { nomEntreprise: string }[]).map((r) => r.nomEntreprise);
}

export async function autocompleteOffres(ctx: Ctx, q: string): Promise<Suggestion[]> {
  // One word: the last one typed, letters and digits only (the rest is a separator, never syntax).
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const typed = (words[words.length - 1] ?? '').slice(0, 40);
  if (!typed) return [];
  const prefix = fold(typed);
  const ftWord = typed.length >= FULLTEXT_MIN_LENGTH ? typed : null;
  const [titres, skills, companies] = await Promise.all([
    titleCandidates(ctx, typed, ftWord),
    skillCandidates(ctx, typed, ftWord),
    companyCandidates(ctx, typed, ftWord),
  ]);
  const ranked: Record<SuggestionType, string[]> = {
    TITRE: rank(titres, prefix),
    COMPETENCE: rank(skills, prefix),
    ENTREPRISE: rank(companies, prefix),
  };
  // Each type gets its slots; slots a type cannot fill go to the next types, in order.
  const take: Record<SuggestionType, number> = { TITRE: 0, COMPETENCE: 0, ENTREPRISE: 0 };
  let free = MAX_SUGGESTIONS;
  for (const [type, slots] of SLOTS) {
    take[type] = Math.min(slots, ranked[type].length);
    free -= take[type];
  }
  for (const [type] of SLOTS) {
    const more = Math.min(free, ranked[type].length - take[type]);
    take[type] += more;
    free -= more;
  }
  const out = SLOTS.flatMap(([type]) => ranked[type].slice(0, take[type]).map((value) => ({ type, value })));
  return out.slice(0, MAX_SUGGESTIONS);
}
