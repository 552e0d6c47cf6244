/**
 * Filters of the public offer lists and of search. Public lists show
 * PUBLISHED offers of active companies whose deadline (a date, inclusive, Cameroon time) has not
 * passed, even before the hourly job archives them. Salary filters keep overlapping ranges:
 * salaireMin=X keeps offers whose salaireMax >= X, salaireMax=Y those whose salaireMin <= Y
 * (offers without that bound are left out when it is filtered on). Offers under moderation
 * (held, hidden by reports, rejected: domain/trust) are never public.
 */
import type { Knex } from 'knex';
import type { ContractType } from '../../models/offre.ts';
import { localDate } from '../shared/index.ts';
import { NOT_UNDER_MODERATION_SQL, verifiedEntrepriseSql } from '../trust/index.ts';

export interface OffreFilters {
  contractType?: ContractType;
  villeId?: number;
  regionId?: number;
  secteurId?: number;
  entrepriseId?: number;
  remotePossible?: boolean;
  salaireMin?: number;
  salaireMax?: number;
  /** true: offers of verified employers only (domain/trust); false: the others. */
  verifie?: boolean;
}

/** `query` selects from `offres as o` joined to `entreprises as e`. */
export function applyPublicOffreFilters(
  query: Knex.QueryBuilder,
  db: Knex,
  f: OffreFilters,
  now: Date,
): Knex.QueryBuilder {
  const today = localDate(now);
  query
    .where('o.status', 'PUBLISHED')
    .where('e.status', 'ACTIVE')
    .whereRaw(NOT_UNDER_MODERATION_SQL)
    .where((b) => {
      b.whereNull('o.deadline').orWhere('o.deadline', '>=', today);
    });
  if (f.verifie !== undefined) query.whereRaw(`${verifiedEntrepriseSql('e')} = ?`, [f.verifie]);
  if (f.contractType) query.where('o.contractType', f.contractType);
  if (f.villeId) query.where('o.villeId', f.villeId);
  // eslint-disable-next-line no-restricted-syntax -- SQL: subquery of the FULLTEXT search baseline (bench/lib/fulltext-baseline.ts)
  if (f.regionId) query.whereIn('o.villeId', db('villes').where('regionId', f.regionId).select('id'));
  if (f.secteurId) query.where('e.secteurActiviteId', f.secteurId);
  if (f.entrepriseId) query.where('o.entrepriseId', f.entrepriseId);
  if (f.remotePossible !== undefined) query.where('o.remotePossible', f.remotePossible);
  if (f.salaireMin !== undefined) query.where('o.salaireMax', '>=', f.salaireMin);
  if (f.salaireMax !== undefined) query.where('o.salaireMin', '<=', f.salaireMax);
  return query;
}

export function publicOffresBase(db: Knex): Knex.QueryBuilder {
  // eslint-disable-next-line no-restricted-syntax -- SQL: the FULLTEXT search baseline (bench/lib/fulltext-baseline.ts) composes its MATCH on it
  return db('offres as o').join('entreprises as e', 'e.id', 'o.entrepriseId');
}
