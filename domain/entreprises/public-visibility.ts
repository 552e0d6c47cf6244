/**
 * Which companies the public sees (GET /public/entreprises and /{id}): ACTIVE companies with at
 * least one ACTIVE recruiter, i.e. checked by an administrator. A company still waiting for its
 * first approval, or disabled, is a 404 to the public.
 */
import type { QueryBuilder } from 'objection';
import { Entreprise } from '../../models/entreprise.ts';

/** Narrows a query on `Entreprise` aliased `e` to the publicly visible companies. */
export function publiclyVisible<R>(query: QueryBuilder<Entreprise, R>): QueryBuilder<Entreprise, R> {
  return query
    .where('e.status', 'ACTIVE')
    .whereExists(Entreprise.relatedQuery('recruiters').alias('pr').where('pr.status', 'ACTIVE'));
}
