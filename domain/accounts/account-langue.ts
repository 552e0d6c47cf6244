/**
 * The language an email is written in. An account's own language (`accounts.langue`) when the
 * address belongs to one; otherwise the caller's fallback (the request's language, or that of
 * the account on whose behalf it is sent). Anything but 'en' is French, the default.
 */
import type { Knex } from 'knex';
import { Account, type Langue } from '../../models/account.ts';

export function toLangue(value: unknown): Langue {
  return value === 'en' ? 'en' : 'fr';
}

export async function accountLangue(db: Knex, accountId: number): Promise<Langue> {
  const row = await Account.query(db).findById(accountId).select('langue');
  return toLangue(row?.langue);
}

/** The language of each of these addresses that has an account (lower-cased addresses). */
export async function languesOfAddresses(db: Knex, emails: string[]): Promise<Map<string, Langue>> {
  const out = new Map<string, Langue>();
  if (emails.length === 0) return out;
  const rows = await Account.query(db)
    .whereIn('email', [...new Set(emails)])
    .select('email', 'langue');
  for (const r of rows) out.set(r.email.toLowerCase(), toLangue(r.langue));
  return out;
}
