/**
 * POST /auth/forgot-password: the caller always gets the same answer; when an enabled account has
 * this address, a PASSWORD_RESET token valid one hour is emailed. Earlier unused reset tokens of
 * the account are spent, so only the newest link works.
 *
 * Both paths answer after the same floor (FORGOT_PASSWORD_FLOOR_MS), so the answer's timing does
 * not tell whether an address has an account: the known path's writes take a few milliseconds
 * that the unknown path would otherwise not spend.
 *
 * One address gets at most RESETS_PER_HOUR reset emails per clock hour and RESETS_PER_DAY per
 * Cameroon calendar day, counted under the account row's lock. Past the cap nothing happens (no
 * email, and the newest link stays valid) and the caller still gets the same answer on the same
 * floor, so the cap neither floods an inbox nor tells that the address has an account.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { normalizeEmail, displayNameOf, toLangue } from '../accounts/index.ts';
import { createOneTimeToken } from './one-time-tokens.ts';
import { enqueueEmail, sendAllowance, passwordResetEmail } from '../mail/index.ts';
import { withMinimumDuration } from '../../lib/minimum-duration.ts';
import { Account } from '../../models/account.ts';
import { OneTimeToken } from '../../models/one-time-token.ts';

export const PASSWORD_RESET_TTL_MS = 3600 * 1000;
export const RESETS_PER_HOUR = 3;
export const RESETS_PER_DAY = 10;

/** Well above the known path's usual 5-15 ms (and its 60 ms on a loaded machine), so both paths end on the floor. */
export const FORGOT_PASSWORD_FLOOR_MS = 100;

export async function forgotPassword(ctx: Ctx, rawEmail: string): Promise<void> {
  await withMinimumDuration(FORGOT_PASSWORD_FLOOR_MS, () => requestReset(ctx, rawEmail));
}

async function requestReset(ctx: Ctx, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const account = await Account.query(ctx.db)
    .where({ email })
    .select('id', 'email', 'enabled', 'langue')
    .first();
  if (!account || !account.enabled) return;
  await inTransaction(ctx, async (t) => {
    await Account.query(t.db).findById(account.id).forUpdate().select('id');
    const allowance = await sendAllowance(t, [
      { kind: 'password-reset', scopeId: account.id, per: 'hour', limit: RESETS_PER_HOUR },
      { kind: 'password-reset', scopeId: account.id, per: 'day', limit: RESETS_PER_DAY },
    ]);
    if (allowance.remaining < 1) {
      t.logger.info({ accountId: account.id, per: allowance.tightest.per }, 'password reset email capped');
      return;
    }
    const now = t.clock.now();
    await OneTimeToken.query(t.db)
      .where({ accountId: account.id, purpose: 'PASSWORD_RESET' })
      .whereNull('usedAt')
      .patch({ usedAt: now });
    const token = await createOneTimeToken(t, 'PASSWORD_RESET', {
      accountId: account.id,
      ttlMs: PASSWORD_RESET_TTL_MS,
    });
    const person = await displayNameOf(t.db, account.id);
    await enqueueEmail(
      t,
      passwordResetEmail(t, {
        to: account.email,
        langue: toLangue(account.langue),
        prenom: person?.prenom ?? null,
        token,
      }),
    );
    await allowance.record(1);
  });
}
