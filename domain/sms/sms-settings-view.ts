/** A candidate's SMS settings as the API shows them. */
import type { SmsPhone } from '../../models/sms-phone.ts';

export interface SmsSettingsView {
  telephone: string | null;
  confirmed: boolean;
  /** SMS alerts and notices may be sent (confirmed, and no STOP since). */
  enabled: boolean;
  /** An SMS when an application reaches an interview or a hire. */
  statusNotices: boolean;
  stoppedAt: Date | null;
}

export function smsSettingsView(row: SmsPhone | undefined): SmsSettingsView {
  if (!row)
    return { telephone: null, confirmed: false, enabled: false, statusNotices: false, stoppedAt: null };
  return {
    telephone: row.phone,
    confirmed: row.confirmedAt !== null,
    enabled: Boolean(row.enabled),
    statusNotices: Boolean(row.statusNotices),
    stoppedAt: row.stoppedAt ?? null,
  };
}

/** Candidates only: the acting account's id. */
export function smsCandidatId(actor: { type: string; id?: unknown; role?: unknown }): number | null {
  return actor.type === 'account' && actor.role === 'CANDIDAT' ? Number(actor.id) : null;
}
