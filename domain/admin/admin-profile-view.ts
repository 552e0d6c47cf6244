/**
 * Administrator profile: `id, nom, prenom, email, telephone, niveauAcces, enabled, roles, createdAt, updatedAt`,
 * plus `langue`, the language of the account's emails.
 */
import type { Knex } from 'knex';
import { NotFoundError } from '../errors.ts';
import type { Langue, Role } from '../../models/account.ts';

export interface AdminProfileView {
  id: number;
  nom: string;
  prenom: string;
  email: string;
  telephone: string | null;
  niveauAcces: string;
  langue: Langue;
  enabled: boolean;
  roles: Role[];
  createdAt: Date;
  updatedAt: Date;
}

/** The row carries the account's single role; the view lists it as `roles`. */
interface Row extends Omit<AdminProfileView, 'roles'> {
  role: Role;
}

export function adminRowsQuery(db: Knex): Knex.QueryBuilder {
  return db('admins as ad')
    .join('accounts as a', 'a.id', 'ad.id')
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
  const { role, ...rest } = r;
  return { ...rest, enabled: Boolean(r.enabled), roles: [role] };
}

export async function loadAdminProfile(db: Knex, id: number): Promise<AdminProfileView> {
  const row = (await adminRowsQuery(db).where('ad.id', id).first()) as Row | undefined;
  if (!row) throw new NotFoundError('Administrator');
  return toAdminProfileView(row);
}
