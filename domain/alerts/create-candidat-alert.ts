/**
 * A candidate's alert: confirmed at once (the account's email is verified), sent to the account's
 * address, and first matched against offers published after its creation (lastMatchedAt = now).
 */
import { randomBytes } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { bilingual, ConflictError, UnauthorizedError } from '../errors.ts';
import { Account } from '../../models/account.ts';
import { JobAlert } from '../../models/job-alert.ts';
import { checkAlertChannels, type AlertChannelsInput } from './alert-channels.ts';
import { checkAlertCriteria, type AlertCriteriaInput } from './alert-criteria.ts';
import { candidateId, ownAlert } from './candidat-alerts.ts';
import type { AlertView } from './alert-view.ts';
import { ACCOUNT_NOT_FOUND } from '../common-refusals.ts';

/** Keeps one account from turning the daily run into a mailing list of its own. */
export const MAX_ALERTS_PER_CANDIDAT = 50;

export const newUnsubscribeToken = () => randomBytes(32).toString('base64url');

export async function createCandidatAlert(
  ctx: Ctx,
  input: AlertCriteriaInput & AlertChannelsInput,
): Promise<AlertView> {
  const id = candidateId(ctx);
  const criteria = await checkAlertCriteria(ctx, input);
  const channels = await checkAlertChannels(ctx, id, input, { frequency: 'DAILY', sms: false });
  const account = await Account.query(ctx.db).findById(id).select('email', 'langue');
  if (!account) throw new UnauthorizedError(ACCOUNT_NOT_FOUND);
  const count = await JobAlert.query(ctx.db).where({ candidatId: id }).resultSize();
  if (count >= MAX_ALERTS_PER_CANDIDAT) {
    throw new ConflictError(
      'ALERT_LIMIT_REACHED',
      bilingual(
        `Au plus ${MAX_ALERTS_PER_CANDIDAT} alertes par candidat`,
        `At most ${MAX_ALERTS_PER_CANDIDAT} alerts per candidate`,
      ),
    );
  }
  const now = ctx.clock.now();
  const { id: alertId } = await JobAlert.query(ctx.db).insert({
    ...criteria,
    ...channels,
    candidatId: id,
    email: account.email,
    // Kept for the record; the digest follows the account's current language.
    langue: account.langue,
    active: true,
    confirmedAt: now,
    unsubscribeToken: newUnsubscribeToken(),
    lastMatchedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return ownAlert(ctx, alertId);
}
