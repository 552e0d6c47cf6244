/**
 * Retention of personal data (job `privacy:retention`, daily; `recrutement privacy run`).
 *
 * - A candidate's last activity is its latest login, application or profile change (the account's
 *   creation when there is none). When it is older than PRIVACY_RETENTION_MONTHS minus 30 days,
 *   the candidate is emailed a notice (once: `privacy_notices`).
 * - When the last activity is older than PRIVACY_RETENTION_MONTHS and the notice is at least 30
 *   days old with no activity since, the account is erased exactly as the candidate's own account
 *   deletion does (applications kept anonymised, so the offers' counters do not move). The
 *   condition is checked again with the candidate row locked, so a login at that moment wins.
 * - Activity after a notice cancels it.
 * - Talent-pool members never invited and never linked to an account, unchanged for
 *   PRIVACY_RETENTION_MONTHS, are removed.
 * Every notice, erasure and removal writes an audit row with the caller's actor (the job's is
 * `system`). A second run at the same time does nothing more. `dryRun` only reports.
 */
import type { Knex } from 'knex';
import { raw } from 'objection';
import { inTransaction, type Ctx } from '../context.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueEmail, privacyInactivityNoticeEmail } from '../mail/index.ts';
import { eraseCandidatAccount } from '../candidats/index.ts';
import { toLangue } from '../accounts/index.ts';
import { Candidat } from '../../models/candidat.ts';
import { PoolInvitation } from '../../models/pool-invitation.ts';
import { PrivacyNotice } from '../../models/privacy-notice.ts';
import { VivierCandidat } from '../../models/vivier-candidat.ts';

export const NOTICE_DAYS = 30;
const DAY_MS = 86_400_000;
const POOL_BATCH = 500;

export interface RetentionReport {
  dryRun: boolean;
  /** Accounts whose last activity is before this are erased (after their notice). */
  cutoff: Date;
  noticed: { candidateId: number; lastActivityAt: Date }[];
  anonymised: { candidateId: number; lastActivityAt: Date; noticedAt: Date }[];
  poolMembersRemoved: { memberId: number; vivierId: number }[];
}

/**
 * `now` less `months` calendar months (more, when negative), at the same time of day. A day the
 * target month does not have becomes its last day: 31 March less one month is 28 February, not
 * 3 March (Date's overflow), which would erase a candidate up to three days early.
 */
export function retentionCutoff(now: Date, months: number): Date {
  const d = new Date(now.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** SQL of a candidate's last activity (c = candidates, a = accounts). */
const LAST_ACTIVITY = `GREATEST(
  a.created_at,
  COALESCE(a.last_login_at, a.created_at),
  c.updated_at,
  COALESCE((SELECT MAX(ca.date_candidature) FROM candidatures ca WHERE ca.candidat_id = c.id), a.created_at)
)`;

interface Due {
  id: number;
  email: string;
  langue: string;
  prenom: string;
  lastActivityAt: Date;
  notifiedAt: Date | null;
}

async function lastActivityOf(db: Knex, candidatId: number): Promise<Date | null> {
  // eslint-disable-next-line no-restricted-syntax -- SQL: last activity is a GREATEST over accounts, candidates and a correlated MAX
  const row = (await db('candidates as c')
    .join('accounts as a', 'a.id', 'c.id')
    .where('c.id', candidatId)
    .first(db.raw(`${LAST_ACTIVITY} as last_activity_at`))) as { lastActivityAt: Date } | undefined;
  return row ? row.lastActivityAt : null;
}

export async function runPrivacyRetention(
  ctx: Ctx,
  opts: { dryRun?: boolean } = {},
): Promise<RetentionReport> {
  const dryRun = Boolean(opts.dryRun);
  const now = ctx.clock.now();
  const cutoff = retentionCutoff(now, ctx.config.privacyRetentionMonths);
  const noticeCutoff = new Date(cutoff.getTime() + NOTICE_DAYS * DAY_MS);
  const noticeOldEnough = new Date(now.getTime() - NOTICE_DAYS * DAY_MS);
  const report: RetentionReport = { dryRun, cutoff, noticed: [], anonymised: [], poolMembersRemoved: [] };

  // eslint-disable-next-line no-restricted-syntax -- SQL: filtered and selected on the last-activity GREATEST (correlated MAX)
  const rows = (await ctx
    .db('candidates as c')
    .join('accounts as a', 'a.id', 'c.id')
    .leftJoin('privacyNotices as n', 'n.accountId', 'a.id')
    .where('a.role', 'CANDIDAT')
    .where((w) => {
      w.whereRaw(`${LAST_ACTIVITY} <= ?`, [noticeCutoff]).orWhereNotNull('n.accountId');
    })
    .orderBy('c.id')
    .select(
      'c.id',
      'a.email',
      'a.langue',
      'c.prenom',
      ctx.db.raw(`${LAST_ACTIVITY} as last_activity_at`),
      'n.notifiedAt',
    )) as Due[];

  for (const r of rows) {
    let notifiedAt = r.notifiedAt ?? null;
    if (notifiedAt && r.lastActivityAt > notifiedAt) {
      // Active since the notice: it no longer holds.
      if (!dryRun) await PrivacyNotice.query(ctx.db).deleteById(r.id);
      notifiedAt = null;
    }
    if (r.lastActivityAt > noticeCutoff) continue;
    if (!notifiedAt) {
      report.noticed.push({ candidateId: r.id, lastActivityAt: r.lastActivityAt });
      if (!dryRun) await sendNotice(ctx, r, now);
      continue;
    }
    if (r.lastActivityAt > cutoff || notifiedAt > noticeOldEnough) continue;
    const entry = { candidateId: r.id, lastActivityAt: r.lastActivityAt, noticedAt: notifiedAt };
    if (dryRun) {
      report.anonymised.push(entry);
      continue;
    }
    const erased = await eraseCandidatAccount(ctx, r.id, {
      email: r.email,
      action: 'privacy.candidate_anonymised',
      details: {
        reason: 'inactivity',
        lastActivityAt: r.lastActivityAt.toISOString(),
        noticedAt: notifiedAt.toISOString(),
      },
      // Checked again with the candidate locked: a login or an application meanwhile keeps the account.
      stillDue: async (t) => {
        const last = await lastActivityOf(t.db, r.id);
        return last !== null && last <= cutoff && last <= notifiedAt;
      },
    });
    if (erased) report.anonymised.push(entry);
  }

  await removeStalePoolMembers(ctx, cutoff, dryRun, report);
  return report;
}

async function sendNotice(ctx: Ctx, r: Due, now: Date): Promise<void> {
  const anonymiseAfter = new Date(
    Math.max(
      retentionCutoff(r.lastActivityAt, -ctx.config.privacyRetentionMonths).getTime(),
      now.getTime() + NOTICE_DAYS * DAY_MS,
    ),
  );
  await inTransaction(ctx, async (t) => {
    await Candidat.query(t.db).findById(r.id).forUpdate().select('id');
    // Another run noticed it first.
    if (await PrivacyNotice.query(t.db).findById(r.id).select('accountId')) return;
    await PrivacyNotice.query(t.db).insert({
      accountId: r.id,
      notifiedAt: now,
      lastActivityAt: r.lastActivityAt,
    });
    await enqueueEmail(
      t,
      privacyInactivityNoticeEmail(t, {
        to: r.email,
        langue: toLangue(r.langue),
        prenom: r.prenom,
        lastActivityAt: r.lastActivityAt,
        anonymiseAfter,
      }),
    );
    await recordAudit(
      t,
      'privacy.inactivity_notice',
      { type: 'candidate', id: r.id },
      { lastActivityAt: r.lastActivityAt.toISOString(), anonymiseAfter: anonymiseAfter.toISOString() },
    );
  });
}

async function removeStalePoolMembers(
  ctx: Ctx,
  cutoff: Date,
  dryRun: boolean,
  report: RetentionReport,
): Promise<void> {
  const stale = (db: Knex) =>
    VivierCandidat.query(db)
      .alias('m')
      .whereNull('m.candidatId')
      .where('m.updatedAt', '<=', cutoff)
      .whereNotExists(
        PoolInvitation.query().alias('i').select(raw('1')).whereColumn('i.vivierCandidatId', 'm.id'),
      );
  let after = 0;
  for (;;) {
    const batch = await stale(ctx.db)
      .where('m.id', '>', after)
      .orderBy('m.id')
      .limit(POOL_BATCH)
      .select('m.id', 'm.vivierId');
    if (!batch.length) return;
    after = batch[batch.length - 1]!.id;
    if (dryRun) {
      report.poolMembersRemoved.push(...batch.map((m) => ({ memberId: m.id, vivierId: m.vivierId })));
      continue;
    }
    await inTransaction(ctx, async (t) => {
      // Only those still stale at deletion time (an invitation or an edit meanwhile keeps them).
      const ids = (
        await stale(t.db)
          .whereIn(
            'm.id',
            batch.map((m) => m.id),
          )
          .forUpdate()
          .select('m.id')
      ).map((m) => m.id);
      if (!ids.length) return;
      await VivierCandidat.query(t.db).whereIn('id', ids).delete();
      for (const m of batch.filter((b) => ids.includes(b.id))) {
        await recordAudit(
          t,
          'privacy.pool_member_removed',
          { type: 'vivier_candidat', id: m.id },
          {
            reason: 'inactivity',
            vivierId: m.vivierId,
          },
        );
        report.poolMembersRemoved.push({ memberId: m.id, vivierId: m.vivierId });
      }
    });
  }
}
