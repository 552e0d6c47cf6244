/**
 * An alert for an email without an account (POST /public/alertes): stored unconfirmed, and a
 * single-use confirmation link is emailed. Nothing is sent for it until the link is opened.
 * Anyone can type any address here, so a few unconfirmed requests per address and day are
 * honoured and further ones are answered the same way without sending another email. The alert
 * keeps the language of the request: its emails are written in it.
 */
import { inTransaction, type Ctx } from '../context.ts';
import type { Langue } from '../../models/account.ts';
import { JobAlert, type AlertFrequency } from '../../models/job-alert.ts';
import { requireEmail } from '../accounts/index.ts';
import { createOneTimeToken } from '../auth/index.ts';
import { enqueueEmail } from '../mail/index.ts';
import { checkAlertCriteria, type AlertCriteriaInput } from './alert-criteria.ts';
import { newUnsubscribeToken } from './create-candidat-alert.ts';
import { alertConfirmationEmail } from './alert-emails.ts';

export const CONFIRMATION_VALID_DAYS = 7;
const MAX_PENDING_PER_DAY = 5;

export interface PublicAlertRequest {
  email: string;
  status: 'PENDING_CONFIRMATION';
}

export async function createPublicAlert(
  ctx: Ctx,
  input: AlertCriteriaInput & { email: string; langue: Langue; frequency?: AlertFrequency },
): Promise<PublicAlertRequest> {
  const email = requireEmail(input.email);
  const criteria = await checkAlertCriteria(ctx, input);
  const now = ctx.clock.now();
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  const pending = await JobAlert.query(ctx.db)
    .where({ email })
    .whereNull('confirmedAt')
    .where('createdAt', '>', dayAgo)
    .resultSize();
  if (pending >= MAX_PENDING_PER_DAY) {
    ctx.logger.warn(
      { pending },
      'public alert: too many unconfirmed requests for one address, no email sent',
    );
    return { email, status: 'PENDING_CONFIRMATION' };
  }
  await inTransaction(ctx, async (t) => {
    const { id: alertId } = await JobAlert.query(t.db).insert({
      ...criteria,
      frequency: input.frequency ?? 'DAILY',
      candidatId: null,
      email,
      langue: input.langue,
      active: true,
      confirmedAt: null,
      unsubscribeToken: newUnsubscribeToken(),
      lastMatchedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const token = await createOneTimeToken(t, 'ALERT_CONFIRMATION', {
      payload: { alertId },
      ttlMs: CONFIRMATION_VALID_DAYS * 24 * 3600_000,
    });
    await enqueueEmail(
      t,
      alertConfirmationEmail(t, {
        to: email,
        langue: input.langue,
        keywords: criteria.keywords,
        token,
        validDays: CONFIRMATION_VALID_DAYS,
      }),
    );
  });
  return { email, status: 'PENDING_CONFIRMATION' };
}
