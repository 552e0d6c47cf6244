/**
 * A candidate's SMS settings: read them, switch SMS or application notices on and off, forget the
 * number. SMS can be switched on only for a confirmed number with no STOP since (a STOP is lifted
 * by confirming the number again, never by this switch).
 */
import { inTransaction, type Ctx } from '../context.ts';
import { bilingual, ConflictError } from '../errors.ts';
import { SmsPhone } from '../../models/sms-phone.ts';
import { JobAlert } from '../../models/job-alert.ts';
import { candidatOnly } from './request-phone-code.ts';
import { smsSettingsView, type SmsSettingsView } from './sms-settings-view.ts';

export async function getSmsSettings(ctx: Ctx): Promise<SmsSettingsView> {
  return smsSettingsView(await SmsPhone.query(ctx.db).findById(candidatOnly(ctx)));
}

/** Whether this candidate can receive SMS now (alerts use it before taking the SMS channel). */
export async function smsReachable(ctx: Ctx, candidatId: number): Promise<boolean> {
  const row = await SmsPhone.query(ctx.db).findById(candidatId);
  return Boolean(row?.confirmedAt && row.enabled && !row.stoppedAt);
}

export async function updateSmsSettings(
  ctx: Ctx,
  input: { enabled?: boolean; statusNotices?: boolean },
): Promise<SmsSettingsView> {
  const candidatId = candidatOnly(ctx);
  return inTransaction(ctx, async (t) => {
    const row = await SmsPhone.query(t.db).findById(candidatId).forUpdate();
    const turningOn = input.enabled === true || input.statusNotices === true;
    if (turningOn && (!row?.confirmedAt || row.stoppedAt))
      throw new ConflictError(
        'SMS_PHONE_NOT_CONFIRMED',
        bilingual('Confirmez d’abord un numéro de mobile', 'Confirm a mobile number first'),
      );
    if (!row) return smsSettingsView(undefined);
    const enabled = input.enabled ?? Boolean(row.enabled);
    await SmsPhone.query(t.db)
      .findById(candidatId)
      .patch({
        enabled,
        // Notices ride on SMS being on.
        statusNotices: enabled && (input.statusNotices ?? Boolean(row.statusNotices)),
        updatedAt: t.clock.now(),
      });
    return smsSettingsView(await SmsPhone.query(t.db).findById(candidatId));
  });
}

export async function removeSmsPhone(ctx: Ctx): Promise<void> {
  const candidatId = candidatOnly(ctx);
  await inTransaction(ctx, async (t) => {
    await SmsPhone.query(t.db).deleteById(candidatId);
    await JobAlert.query(t.db).where({ candidatId }).patch({ sms: false, updatedAt: t.clock.now() });
  });
}
