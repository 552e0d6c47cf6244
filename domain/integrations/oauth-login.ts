/**
 * The sign-in of the authorization server's login page: the rules of POST /auth/login (same
 * answer and cost for a wrong password and an unknown email, standing checked after the password),
 * plus what an integration needs: a recruiter, ACTIVE. Issues none of our own tokens.
 */
import type { Ctx } from '../context.ts';
import { bilingual, ForbiddenError, UnauthorizedError } from '../errors.ts';
import { verifyPassword, verifyPasswordOfNoAccount } from '../../lib/passwords.ts';
import { normalizeEmail } from '../accounts/index.ts';
import { assertAccountMayHoldSession, findLoginAccount } from '../auth/index.ts';
import { activeRecruteur } from './oauth-access.ts';
import { RECRUITER_NOT_ACTIVE, WRONG_CREDENTIALS } from '../common-refusals.ts';

export async function signInForIntegration(
  ctx: Ctx,
  input: { email: string; password: string },
): Promise<{ accountId: number }> {
  const account = await findLoginAccount(ctx.db, { email: normalizeEmail(input.email) });
  if (!account) {
    await verifyPasswordOfNoAccount(input.password);
    throw new UnauthorizedError(WRONG_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(account.passwordHash, input.password)))
    throw new UnauthorizedError(WRONG_CREDENTIALS, 'INVALID_CREDENTIALS');
  await assertAccountMayHoldSession(ctx.db, account);
  if (account.role !== 'RECRUTEUR')
    throw new ForbiddenError(
      bilingual(
        'Seul un recruteur peut donner accès à une intégration',
        'Only recruiters may grant an integration access',
      ),
      'RECRUITERS_ONLY',
    );
  if (!(await activeRecruteur(ctx.db, { id: account.id })))
    throw new ForbiddenError(RECRUITER_NOT_ACTIVE, 'ACCOUNT_NOT_ACTIVE');
  return { accountId: account.id };
}
