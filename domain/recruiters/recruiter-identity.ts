/**
 * Who a recruiter is: its recruiter row with its account's email. The recruiter's own profile
 * (GET /recruiters/me) and the administrators' item both start with these fields.
 */
import type { Knex } from 'knex';
import { Recruiter, type RecruiterStatus } from '../../models/recruiter.ts';

export interface RecruiterIdentity {
  id: number;
  nom: string;
  prenom: string;
  email: string;
  telephone: string | null;
  posteOccupe: string | null;
  status: RecruiterStatus;
}

/** Recruiters (`r`) joined to their account (`a`), selecting RecruiterIdentity; the caller adds its where and columns. */
export function recruiterIdentityQuery(db: Knex) {
  return Recruiter.query(db)
    .alias('r')
    .joinRelated('account', { alias: 'a' })
    .select('r.id', 'r.nom', 'r.prenom', 'a.email', 'r.telephone', 'r.posteOccupe', 'r.status');
}

/** The RecruiterIdentity fields of a row, as a plain object. */
export function toRecruiterIdentity(r: RecruiterIdentity): RecruiterIdentity {
  return {
    id: r.id,
    nom: r.nom,
    prenom: r.prenom,
    email: r.email,
    telephone: r.telephone,
    posteOccupe: r.posteOccupe,
    status: r.status,
  };
}
