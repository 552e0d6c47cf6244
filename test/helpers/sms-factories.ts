/** Test data of SMS: unique mobiles, confirmed SMS numbers, and the outbox rows of a number. */
import { testDb } from './env.ts';

let counter = 0;

/** A valid Cameroonian mobile (MTN range 67x) no other test of this run uses. */
export function uniqueMobile(): string {
  counter += 1;
  const tail = String((process.pid * 7919 + counter * 104_729 + Date.now()) % 1_000_000).padStart(6, '0');
  return `+237677${tail}`;
}

/** A candidate's SMS number, confirmed and on (as after POST /candidats/me/sms/phone/confirm). */
export async function confirmedSmsPhone(candidatId: number, phone = uniqueMobile()): Promise<string> {
  const now = new Date();
  await testDb()('smsPhones').insert({
    candidatId,
    phone,
    confirmedAt: now,
    enabled: true,
    statusNotices: false,
    createdAt: now,
    updatedAt: now,
  });
  return phone;
}

export interface SmsOutboxRow {
  id: number;
  toNumber: string;
  body: string;
  kind: string;
  status: string;
  attempts: number;
  segments: number;
  providerId: string | null;
  dlrStatus: string | null;
  lastError: string | null;
  nextAttemptAt: Date;
  candidatId: number | null;
}

export async function smsTo(phone: string): Promise<SmsOutboxRow[]> {
  return testDb()('smsMessages').where({ toNumber: phone }).orderBy('id');
}

export async function smsById(id: number): Promise<SmsOutboxRow> {
  return testDb()('smsMessages').where({ id }).first();
}
