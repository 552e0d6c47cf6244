/**
 * Who a recruiter is: its recruiter row with its account's email. The recruiter's own profile
 * (GET /recruiters/me) and the administrators' item both start with these fields.
 */
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import { Recruiter } from '../../models/recruiter.ts';
import type { RecruiterProfile } from '../shapes/index.ts';

/** The fields the RecruiterProfile and PendingRecruiter shapes (domain/shapes/recruiter.ts) start with. */
export type RecruiterIdentity = Pick<
  Static<typeof RecruiterProfile>,
  'id' | 'nom' | 'prenom' | 'email' | 'telephone' | 'posteOccupe' | 'status'
>;

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
