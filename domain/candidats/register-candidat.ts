/**
 * POST /candidates/register: a CANDIDAT account with an unverified email and the validation email
 * queued, in one transaction. The password is hashed before the transaction (argon2 is slow and
 * must not hold row locks).
 */
import type { Ctx } from '../context.ts';
import type { Langue } from '../../models/account.ts';
import { Candidat } from '../../models/candidat.ts';
import { inTransaction } from '../context.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createAccount, requireEmail } from '../accounts/index.ts';
import { sendEmailValidation } from '../auth/index.ts';
import { phoneField } from '../shared/index.ts';

export interface CandidatRegistration {
  email: string;
  password: string;
  nom: string;
  prenom: string;
  telephone?: string | null;
  /** The language of the account's emails (the route passes the request's when none is given). */
  langue: Langue;
}

export interface RegisteredCandidat {
  id: number;
  email: string;
  nom: string;
  prenom: string;
  telephone: string | null;
  langue: Langue;
  role: 'CANDIDAT';
  emailVerified: boolean;
  createdAt: Date;
}

export async function registerCandidat(ctx: Ctx, input: CandidatRegistration): Promise<RegisteredCandidat> {
  const email = requireEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const nom = input.nom.trim();
  const prenom = input.prenom.trim();
  const telephone = phoneField(input.telephone, 'body.telephone');
  const now = ctx.clock.now();
  return inTransaction(ctx, async (t) => {
    const langue = input.langue;
    const id = await createAccount(t, { email, passwordHash, role: 'CANDIDAT', langue });
    await Candidat.query(t.db).insert({ id, nom, prenom, telephone, createdAt: now, updatedAt: now });
    await sendEmailValidation(t, { id, email, prenom, langue });
    return {
      id,
      email,
      nom,
      prenom,
      telephone,
      langue,
      role: 'CANDIDAT',
      emailVerified: false,
      createdAt: now,
    };
  });
}
