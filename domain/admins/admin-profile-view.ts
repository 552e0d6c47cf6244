/**
 * Administrator profile: `id, nom, prenom, email, telephone, niveauAcces, enabled, roles, createdAt, updatedAt`,
 * plus `langue`, the language of the account's emails.
 */
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import { NotFoundError } from '../errors.ts';
import { Admin } from '../../models/admin.ts';
import type { AdminProfile } from '../shapes/index.ts';

export type AdminProfileView = Static<typeof AdminProfile>;

/** The row carries the account's single role (an administrator's); the view lists it as `roles`. */
interface Row extends Omit<AdminProfileView, 'roles'> {
  role: AdminProfileView['roles'][number];
}

/** Administrators joined to their account (`ad`, `a`), selecting a Row; the caller adds its where. */
export function adminRowsQuery(db: Knex) {
  return Admin.query(db)
    .alias('ad')
    .joinRelated('account', { alias: 'a' })
    .select(
      'ad.id',
      'ad.nom',
      'ad.prenom',
      'a.email',
      'ad.telephone',
      'ad.niveauAcces',
      'a.langue',
      'a.enabled',
      'a.role',
      'a.createdAt',
      'ad.updatedAt',
    );
}

export function toAdminProfileView(r: Row): AdminProfileView {
  return {
    id: r.id,
    nom: r.nom,
    prenom: r.prenom,
    email: r.email,
    telephone: r.telephone,
    niveauAcces: r.niveauAcces,
    langue: r.langue,
    enabled: Boolean(r.enabled),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    roles: [r.role],
  };
}

export async function loadAdminProfile(db: Knex, id: number): Promise<AdminProfileView> {
  const row = await adminRowsQuery(db).where('ad.id', id).first().castTo<Row | undefined>();
  if (!row) throw new NotFoundError('Administrator');
  return toAdminProfileView(row);
}
