/**
 * POST /offres/{offreId}/report: anyone (signed in or not) reports a public offer with a reason and
 * free text. A reporter reports an offer once (409 OFFRE_ALREADY_REPORTED): a signed-in reporter is
 * its account, an anonymous one its client (an IPv4 address or an IPv6 /64, as the rate limits
 * count), so one person cannot count as several by signing out or by moving within its /64. When the offer reaches TRUST_REPORTS_TO_HIDE open reports (3 by
 * default) it is hidden until an administrator decides (`offre.hidden`, audited). The offer row is
 * locked for the whole transaction, so concurrent reports are counted one after the other and only
 * the one that crosses the threshold hides it.
 *
 * Isolation: nothing about a reporter ever reaches the offer's company: not in its views, not in
 * its events (`offre.reported` is an administrators' event; `offre.hidden` carries counts and
 * reasons only), not in the emails it gets.
 */
import { clientOfAddress } from '../../lib/client-address.ts';
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { bilingual, ConflictError, NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { recordEvent } from '../events/index.ts';
import { isDuplicateKeyError } from '../../lib/db-errors.ts';
import { Account } from '../../models/account.ts';
import { Offre } from '../../models/offre.ts';
import { OffreModeration } from '../../models/offre-moderation.ts';
import { OffreReport, type ReportReason } from '../../models/offre-report.ts';
import { NOT_UNDER_MODERATION_SQL } from './public-visibility.ts';
import { reportsHideOffre } from './report-threshold.ts';

export interface ReportInput {
  offreId: number;
  reason: ReportReason;
  details?: string | null;
  /** Anonymous reporters may leave an address to hear the outcome. */
  email?: string | null;
  langue?: 'fr' | 'en';
}

const alreadyReported = () =>
  new ConflictError(
    'OFFRE_ALREADY_REPORTED',
    bilingual('Vous avez déjà signalé cette offre', 'You have already reported this offer'),
  );

function reporterKey(ctx: Ctx): string {
  if (ctx.actor.type === 'account') return `account:${ctx.actor.id}`;
  if (ctx.actor.type === 'anonymous')
    return `client:${ctx.actor.ip ? clientOfAddress(ctx.actor.ip) : 'unknown'}`;
  return `system:${ctx.actor.id}`;
}

export async function reportOffre(
  ctx: Ctx,
  input: ReportInput,
): Promise<{ offreId: number; reported: true }> {
  try {
    return await inTransaction(ctx, async (t) => {
      const offre = await Offre.query(t.db)
        .alias('o')
        .joinRelated('entreprise', { alias: 'e' })
        .findById(input.offreId)
        .where({ 'o.status': 'PUBLISHED', 'e.status': 'ACTIVE' })
        .whereRaw(NOT_UNDER_MODERATION_SQL)
        .forUpdate()
        .select('o.id', 'o.titre', 'o.entrepriseId');
      if (!offre) throw new NotFoundError('Offre');
      const key = reporterKey(t);
      if (await OffreReport.query(t.db).where({ offreId: offre.id, reporterKey: key }).first())
        throw alreadyReported();
      const account =
        t.actor.type === 'account'
          ? await Account.query(t.db).findById(t.actor.id).select('email', 'langue')
          : null;
      const now = t.clock.now();
      await OffreReport.query(t.db).insert({
        offreId: offre.id,
        reporterKey: key,
        accountId: t.actor.type === 'account' ? t.actor.id : null,
        email: account?.email ?? input.email?.trim().toLowerCase() ?? null,
        langue: account?.langue ?? input.langue ?? 'fr',
        reason: input.reason,
        details: input.details?.trim() || null,
        createdAt: now,
      });
      const open = await OffreReport.query(t.db)
        .where({ offreId: offre.id })
        .whereNull('resolvedAt')
        .select('reason');
      await recordEvent(t, 'offre.reported', {
        offreId: offre.id,
        reason: input.reason,
        openReports: open.length,
      });
      const reasons = reportsHideOffre(
        open.map((r) => r.reason),
        t.config.trustReportsToHide,
      );
      if (reasons) {
        const n = await OffreModeration.query(t.db).findById(offre.id).patch({
          status: 'HIDDEN',
          blocked: true,
          reasons,
          note: null,
          since: now,
          decidedAt: null,
          decidedBy: null,
        });
        if (n === 0)
          await OffreModeration.query(t.db).insert({
            offreId: offre.id,
            status: 'HIDDEN',
            blocked: true,
            reasons,
            note: null,
            since: now,
          });
        await recordEvent(
          t,
          'offre.hidden',
          {
            offreId: offre.id,
            entrepriseId: offre.entrepriseId,
            titre: offre.titre,
            reports: open.length,
            reasons,
          },
          { entrepriseId: offre.entrepriseId },
        );
        await recordAudit(
          t,
          'offre.hide',
          { type: 'offre', id: offre.id },
          { reports: open.length, reasons },
        );
      }
      return { offreId: offre.id, reported: true as const };
    });
  } catch (err) {
    if (isDuplicateKeyError(err)) throw alreadyReported();
    throw err;
  }
}
