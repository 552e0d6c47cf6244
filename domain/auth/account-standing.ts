/**
 * Whether an account may hold a session (login and refresh): enabled, email verified, and for a
 * recruiter not REJECTED or SUSPENDED. A pending recruiter holds a session so that it can upload
 * its documents (the login route's description says who may log in); recruiter features check ACTIVE.
 */
import type { Knex } from 'knex';
import { bilingual, ForbiddenError } from '../errors.ts';
import { Account, type Role } from '../../models/account.ts';
import { Recruteur, type RecruteurStatus } from '../../models/recruteur.ts';
import { RECRUITER_NOT_ACTIVE } from '../common-refusals.ts';

export interface LoginAccount {
  id: number;
  email: string;
  role: Role;
  passwordHash: string;
  enabled: boolean;
  emailVerifiedAt: Date | null;
}

const REFUSED_RECRUTEUR_STATUSES: RecruteurStatus[] = ['REJECTED', 'SUSPENDED'];

export async function findLoginAccount(
  db: Knex,
  where: { email: string } | { id: number },
): Promise<LoginAccount | null> {
  const row = await Account.query(db)
    .where(where)
    .select('id', 'email', 'role', 'passwordHash', 'enabled', 'emailVerifiedAt')
    .first();
  return row ?? null;
}

export async function assertAccountMayHoldSession(db: Knex, account: LoginAccount): Promise<void> {
  if (!account.enabled)
    throw new ForbiddenError(
      bilingual('Ce compte est désactivé', 'This account is disabled'),
      'ACCOUNT_NOT_ACTIVE',
    );
  if (!account.emailVerifiedAt)
    throw new ForbiddenError(
      bilingual('Validez d’abord votre adresse email', 'Please validate your email address first'),
      'EMAIL_NOT_VERIFIED',
    );
  if (account.role === 'RECRUTEUR') {
    const recruteur = await Recruteur.query(db).findById(account.id).select('status');
    if (!recruteur || REFUSED_RECRUTEUR_STATUSES.includes(recruteur.status)) {
      throw new ForbiddenError(
        RECRUITER_NOT_ACTIVE,
        'ACCOUNT_NOT_ACTIVE',
        `status: ${recruteur?.status ?? 'unknown'}`,
      );
    }
  }
}
