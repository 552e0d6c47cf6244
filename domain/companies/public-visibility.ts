/**
 * Which companies the public sees (GET /public/entreprises and /{id}): ACTIVE companies with at
 * least one ACTIVE recruiter, i.e. checked by an administrator. A company still waiting for its
 * first approval, or disabled, is a 404 to the public.
 */
import type { Knex } from 'knex';

/** Narrows a query on `entreprises as e` to the publicly visible companies. */
export function publiclyVisible(query: Knex.QueryBuilder, db: Knex): Knex.QueryBuilder {
  return query
    .where('e.status', 'ACTIVE')
    .whereExists(
      db('recruiters as pr')
        .whereRaw('pr.entreprise_id = e.id')
        .where('pr.status', 'ACTIVE')
        .select(db.raw('1')),
    );
}
