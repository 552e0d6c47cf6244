/**
 * Who a recruiter is: its recruiter row with its account's email. The recruiter's own profile
 * (GET /recruiters/me) and the administrators' item both start with these fields.
 */
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import { Recruteur } from '../../models/recruteur.ts';
import type { RecruteurProfile } from '../shapes/index.ts';

/** The fields the RecruteurProfile and PendingRecruteur shapes (domain/shapes/recruteur.ts) start with. */
export type RecruteurIdentity = Pick<
  Static<typeof RecruteurProfile>,
  'id' | 'nom' | 'prenom' | 'email' | 'telephone' | 'posteOccupe' | 'status'
>;

/** Recruiters (`r`) joined to their account (`a`), selecting RecruteurIdentity; the caller adds its where and columns. */
export function recruteurIdentityQuery(db: Knex) {
  return Recruteur.query(db)
    .alias('r')
    .joinRelated('account', { alias: 'a' })
    .select('r.id', 'r.nom', 'r.prenom', 'a.email', 'r.telephone', 'r.posteOccupe', 'r.status');
}

/** The RecruteurIdentity fields of a row, as a plain object. */
export function toRecruteurIdentity(r: RecruteurIdentity): RecruteurIdentity {
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
