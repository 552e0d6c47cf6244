/**
 * The search SQL the API ran before the in-process index (InnoDB FULLTEXT, boolean mode), kept
 * for bench/search.ts as the baseline it is compared with in the same run. It needs the FULLTEXT
 * indexes, which the schema no longer has: addFulltextIndexes() puts them on the bench's scratch
 * database. Words of 3+ characters only (shorter ones went through extra columns, gone too).
 */
import type { Knex } from 'knex';
import { applyPublicOffreFilters, publicOffresBase } from '../../domain/search/offre-filters.ts';
import type { SearchInput } from '../../domain/offres/search-offres.ts';

export async function addFulltextIndexes(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE offres ADD FULLTEXT INDEX ft_offres_titre (titre)');
  await knex.raw('ALTER TABLE offres ADD FULLTEXT INDEX ft_offres_competences (competences_text)');
  await knex.raw('ALTER TABLE offres ADD FULLTEXT INDEX ft_offres_description (description)');
  await knex.raw(
    'ALTER TABLE offres ADD FULLTEXT INDEX ft_offres_all (titre, competences_text, description)',
  );
}

const group = (w: string) => (w.length >= 5 ? `(${w} ${w}*)` : `(${w})`);

/** The page query (with its total through COUNT(*) OVER ()) or, without words, the page and a count. */
export function fulltextQueries(
  db: Knex,
  input: SearchInput,
  now: Date,
): { page: Knex.QueryBuilder; count: Knex.QueryBuilder | null } {
  const words = (input.q ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3);
  const inner = applyPublicOffreFilters(publicOffresBase(db).select('o.id', 'o.publishedAt'), db, input, now);
  if (words.length === 0) {
    const count = applyPublicOffreFilters(publicOffresBase(db), db, input, now).count({ n: '*' });
    return { page: inner.orderBy('o.publishedAt', 'desc').orderBy('o.id', 'desc').limit(20), count };
  }
  const all = words.map((w) => `+${group(w)}`).join(' ');
  const rank = words.map(group).join(' ');
  inner
    .whereRaw('MATCH(o.titre, o.competences_text, o.description) AGAINST (? IN BOOLEAN MODE)', [all])
    .select(
      db.raw('MATCH(o.titre) AGAINST (? IN BOOLEAN MODE) as ft_t', [rank]),
      db.raw('MATCH(o.competences_text) AGAINST (? IN BOOLEAN MODE) as ft_c', [rank]),
      db.raw('MATCH(o.description) AGAINST (? IN BOOLEAN MODE) as ft_d', [rank]),
    );
  const score = (c: string) => `IF(s.${c} > 0, 1 + s.${c} / (s.${c} + 1), 0)`;
  const page = db
    .from(inner.as('s'))
    .select('s.id', db.raw(`4 * ${score('ft_t')} + 2 * ${score('ft_c')} + ${score('ft_d')} as relevance`))
    .select(db.raw('COUNT(*) OVER () as total'))
    .orderBy('relevance', 'desc')
    .orderBy('s.publishedAt', 'desc')
    .limit(20);
  return { page, count: null };
}
