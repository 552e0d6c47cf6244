/**
 * POST /auth/login. Wrong password and unknown email get the same
 * 401 INVALID_CREDENTIALS, and an unknown email still costs one argon2 verification, so neither
 * the answer nor its timing tells whether an address has an account. The account's standing is
 * checked only after the password, for the same reason.
 */
import type { Ctx } from '../context.ts';
import { UnauthorizedError } from '../errors.ts';
import { QueueFullError } from '../../lib/bounded-queue.ts';
import {
  hashPassword,
  passwordNeedsRehash,
  verifyPassword,
  verifyPasswordOfNoAccount,
} from '../../lib/passwords.ts';
import { normalizeEmail } from '../accounts/index.ts';
import { assertAccountMayHoldSession, findLoginAccount } from './account-standing.ts';
import { issueTokenPair, type TokenPair } from './issue-tokens.ts';
import { Account } from '../../models/account.ts';
import { WRONG_CREDENTIALS } from '../common-refusals.ts';

const invalidCredentials = () => new UnauthorizedError(WRONG_CREDENTIALS, 'INVALID_CREDENTIALS');

export async function login(ctx: Ctx, input: { email: string; password: string }): Promise<TokenPair> {
  const account = await findLoginAccount(ctx.db, { email: normalizeEmail(input.email) });
  if (!account) {
    await verifyPasswordOfNoAccount(input.password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(account.passwordHash, input.password))) throw invalidCredentials();
  await assertAccountMayHoldSession(ctx.db, account);
  const rehashed = await rehashAtCurrentCost(account.passwordHash, input.password);
  await Account.query(ctx.db)
    .findById(account.id)
    .patch({ lastLoginAt: ctx.clock.now(), ...(rehashed ? { passwordHash: rehashed } : {}) });
  return issueTokenPair(ctx, account);
}

/**
 * A hash made at another cost (PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_TIME_COST changed since)
 * is made again from the password the login just proved. Best effort: when the hashing queue is
 * full the old hash stays (it still verifies) and a later login rehashes it.
 */
async function rehashAtCurrentCost(hash: string, password: string): Promise<string | null> {
  if (!passwordNeedsRehash(hash)) return null;
  try {
    return await hashPassword(password);
  } catch (err) {
    if (err instanceof QueueFullError) return null;
    throw err;
  }
}
