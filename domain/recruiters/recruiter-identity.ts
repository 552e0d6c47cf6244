/**
 * Who a recruiter is: its recruiter row with its account's email. The recruiter's own profile
 * (GET /recruiters/me) and the administrators' item both start with these fields.
 */
import type { Knex } from 'knex';
import type { RecruiterStatus } from '../../models/recruiter.ts';

export interface RecruiterIdentity {
  id: number;
  nom: string;
  prenom: string;
  email: string;
  telephone: string | null;
  posteOccupe: string | null;
  status: RecruiterStatus;
}

/** Recruiters joined to their account, selecting RecruiterIdentity; the caller adds its where and columns. */
export function recruiterIdentityQuery(db: Knex): Knex.QueryBuilder {
  return db('recruiters as r')
    .join('accounts as a', 'a.id', 'r.id')
    .select('r.id', 'r.nom', 'r.prenom', 'a.email', 'r.telephone', 'r.posteOccupe', 'r.status');
}
