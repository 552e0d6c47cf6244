/**
 * Inserts the login identity shared by every kind of user. The unique index on accounts.email is
 * what decides between two concurrent sign-ups with one address: the loser's ER_DUP_ENTRY becomes
 * 409 EMAIL_ALREADY_USED (the look-up first only gives the common case a clean answer).
 */
import type { Ctx } from '../context.ts';
import { bilingual, ConflictError } from '../errors.ts';
import { isDuplicateKeyError } from '../../lib/db-errors.ts';
import { Account, type Langue, type Role } from '../../models/account.ts';

export const emailAlreadyUsed = () =>
  new ConflictError(
    'EMAIL_ALREADY_USED',
    bilingual('Un compte utilise déjà cette adresse email', 'An account already uses this email address'),
    'email',
  );

export async function createAccount(
  ctx: Ctx,
  input: { email: string; passwordHash: string; role: Role; emailVerified?: boolean; langue?: Langue },
): Promise<number> {
  if (await Account.query(ctx.db).where({ email: input.email }).select('id').first())
    throw emailAlreadyUsed();
  const now = ctx.clock.now();
  try {
    const { id } = await Account.query(ctx.db).insert({
      email: input.email,
      passwordHash: input.passwordHash,
      role: input.role,
      langue: input.langue ?? 'fr',
      enabled: true,
      emailVerifiedAt: input.emailVerified ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    return id;
  } catch (err) {
    if (isDuplicateKeyError(err)) throw emailAlreadyUsed();
    throw err;
  }
}
