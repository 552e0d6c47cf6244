/**
 * How an alert is sent: its frequency, and whether it also goes by SMS. SMS only to a mobile the
 * candidate confirmed with a code (domain/sms) and that has sent no STOP since: otherwise 409
 * SMS_PHONE_NOT_CONFIRMED. An omitted field keeps its current value (its default on creation).
 */
import type { Ctx } from '../context.ts';
import { bilingual, ConflictError } from '../errors.ts';
import type { AlertFrequency } from '../../models/job-alert.ts';
import { smsReachable } from '../sms/index.ts';

export interface AlertChannelsInput {
  frequency?: AlertFrequency;
  sms?: boolean;
}

export async function checkAlertChannels(
  ctx: Ctx,
  candidatId: number,
  input: AlertChannelsInput,
  current: { frequency: AlertFrequency; sms: boolean },
): Promise<{ frequency: AlertFrequency; sms: boolean }> {
  const sms = input.sms ?? current.sms;
  if (input.sms === true && !(await smsReachable(ctx, candidatId)))
    throw new ConflictError(
      'SMS_PHONE_NOT_CONFIRMED',
      bilingual(
        'Confirmez d’abord un numéro de mobile pour les SMS',
        'Confirm a mobile number for SMS first',
      ),
    );
  return { frequency: input.frequency ?? current.frequency, sms };
}
