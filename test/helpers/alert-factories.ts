/** Test data of job alerts: alert rows written directly, with chosen times. */
import { randomBytes } from 'node:crypto';
import type { ContractType } from '../../models/offre.ts';
import { testDb } from './env.ts';
import { uniqueEmail } from './unique.ts';

export interface AlertRowOptions {
  keywords: string;
  email?: string;
  candidatId?: number | null;
  villeId?: number | null;
  regionId?: number | null;
  contractType?: ContractType | null;
  salaireMin?: number | null;
  remotePossible?: boolean | null;
  active?: boolean;
  confirmed?: boolean;
  createdAt: Date;
  lastMatchedAt?: Date | null;
}

export async function createAlertRow(
  opts: AlertRowOptions,
): Promise<{ id: number; email: string; unsubscribeToken: string }> {
  const email = opts.email ?? uniqueEmail('alerte');
  const unsubscribeToken = randomBytes(32).toString('base64url');
  const [id] = await testDb()('jobAlerts').insert({
    candidatId: opts.candidatId ?? null,
    email,
    keywords: opts.keywords,
    villeId: opts.villeId ?? null,
    regionId: opts.regionId ?? null,
    contractType: opts.contractType ?? null,
    salaireMin: opts.salaireMin ?? null,
    remotePossible: opts.remotePossible ?? null,
    active: opts.active ?? true,
    confirmedAt: opts.confirmed === false ? null : opts.createdAt,
    unsubscribeToken,
    lastMatchedAt: opts.lastMatchedAt === undefined ? opts.createdAt : opts.lastMatchedAt,
    createdAt: opts.createdAt,
    updatedAt: opts.createdAt,
  });
  return { id, email, unsubscribeToken };
}

/** Offer ids recorded as sent to an alert. */
export async function matchedOffres(alertId: number): Promise<number[]> {
  const rows = (await testDb()('jobAlertMatches')
    .where({ alertId })
    .orderBy('offreId')
    .select('offreId')) as { offreId: number }[];
  return rows.map((r) => r.offreId);
}

export async function alertEmails(
  to: string,
): Promise<
  { id: number; subject: string; textBody: string; htmlBody: string; headers: unknown; template: string }[]
> {
  return testDb()('outboundEmails').where({ toAddress: to }).orderBy('id');
}

/** Switches alerts off so later tests' runs leave them alone. */
export async function retireAlerts(ids: number[]): Promise<void> {
  if (ids.length) await testDb()('jobAlerts').whereIn('id', ids).update({ active: false });
}
