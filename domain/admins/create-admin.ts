/**
 * POST /admin/admins (SUPER_ADMIN): a new ADMIN, email already verified, enabled. The CLI's
 * `admin create` may ask for a SUPER_ADMIN instead. 409 EMAIL_ALREADY_USED on a taken address,
 * also under a race (the unique index decides).
 */
import type { Ctx } from '../context.ts';
import type { Langue } from '../../models/account.ts';
import { Admin } from '../../models/admin.ts';
import { inTransaction } from '../context.ts';
import { inputError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { createAccount, requireEmail } from '../accounts/index.ts';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../../lib/passwords.ts';
import { loadAdminProfile, type AdminProfileView } from './admin-profile-view.ts';
import { phoneField } from '../shared/index.ts';

export const DEFAULT_NIVEAU_ACCES = 'STANDARD';

export interface NewAdmin {
  email: string;
  password: string;
  nom: string;
  prenom: string;
  telephone?: string | null;
  niveauAcces?: string | null;
  superAdmin?: boolean;
  /** The language of the account's emails; fr when not given. */
  langue?: Langue;
}

export async function createAdmin(ctx: Ctx, input: NewAdmin): Promise<AdminProfileView> {
  const email = requireEmail(input.email);
  if (input.password.length < MIN_PASSWORD_LENGTH)
    throw inputError('Password too short', 'body.password', 'minLength', { limit: MIN_PASSWORD_LENGTH });
  const nom = input.nom.trim();
  const prenom = input.prenom.trim();
  if (!nom) throw inputError('Invalid name', 'body.nom', 'blank');
  if (!prenom) throw inputError('Invalid name', 'body.prenom', 'blank');
  const role = input.superAdmin ? 'SUPER_ADMIN' : 'ADMIN';
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx, async (t) => {
    const id = await createAccount(t, {
      email,
      passwordHash,
      role,
      emailVerified: true,
      langue: input.langue,
    });
    const now = t.clock.now();
    await Admin.query(t.db).insert({
      id,
      nom,
      prenom,
      telephone: phoneField(input.telephone, 'body.telephone'),
      niveauAcces: input.niveauAcces?.trim() || (input.superAdmin ? 'SUPER_ADMIN' : DEFAULT_NIVEAU_ACCES),
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(t, 'admin.created', { type: 'admin', id }, { email, role });
    return loadAdminProfile(t.db, id);
  });
}
