/** The SUPER_ADMIN of ADMIN_EMAIL / ADMIN_PASSWORD: created once, kept afterwards (its password is not reset). */
import type { Knex } from 'knex';
import { hashPassword } from '../lib/passwords.ts';

export async function seedSuperAdmin(knex: Knex, email: string, password: string): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const existing = await knex('accounts').where({ email: normalized }).first('id');
  if (existing) return;
  const passwordHash = await hashPassword(password);
  await knex.transaction(async (trx) => {
    const [id] = await trx('accounts').insert({
      email: normalized,
      passwordHash,
      role: 'SUPER_ADMIN',
      enabled: true,
      emailVerifiedAt: new Date(),
    });
    await trx('admins').insert({ id, nom: 'Administrateur', prenom: 'Super', niveauAcces: 'SUPER_ADMIN' });
  });
}
