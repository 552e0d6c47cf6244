/**
 * POST /auth/login. Wrong password and unknown email get the same
 * 401 INVALID_CREDENTIALS, and an unknown email still costs one argon2 verification, so neither
 * the answer nor its timing tells whether an address has an account. The account's standing is
 * checked only after the password, for the same reason.
 */
import { randomBytes } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { UnauthorizedError } from '../errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { normalizeEmail } from '../accounts/index.ts';
import { assertAccountMayHoldSession, findLoginAccount } from './account-standing.ts';
import { issueTokenPair, type TokenPair } from './issue-tokens.ts';
import { Account } from '../../models/account.ts';

let dummyHash: Promise<string> | null = null;
const timingDummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

const invalidCredentials = () => new UnauthorizedError('Invalid email or password', 'INVALID_CREDENTIALS');

export async function login(ctx: Ctx, input: { email: string; password: string }): Promise<TokenPair> {
  const account = await findLoginAccount(ctx.db, { email: normalizeEmail(input.email) });
  if (!account) {
    await verifyPassword(await timingDummy(), input.password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(account.passwordHash, input.password))) throw invalidCredentials();
  await assertAccountMayHoldSession(ctx.db, account);
  const now = ctx.clock.now();
  await Account.query(ctx.db).findById(account.id).patch({ lastLoginAt: now });
  return issueTokenPair(ctx, account);
}
