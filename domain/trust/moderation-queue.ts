/**
 * GET /admin/trust/queue and `recrutement moderation list`: what waits for an administrator, most
 * risky first. Three kinds of items:
 *
 * - OFFRE: an offer held by the rules, hidden by reports, or public with open reports;
 * - COMPANY: an ACTIVE company created in the last 30 days that no method verifies yet.
 *
 * Risk (higher first, then oldest first): 10 per open report, +30 when hidden by reports, +20 when held
 * by the rules, +5 per scam reason; a new unverified company scores 5, +2 per public offer it has.
 * The weights only order the queue: nothing is decided by them.
 */
import type { Ctx } from '../context.ts';
import { Entreprise } from '../../models/entreprise.ts';
import { Offre } from '../../models/offre.ts';
import { OffreModeration } from '../../models/offre-moderation.ts';
import { OffreReport } from '../../models/offre-report.ts';
import { loadVerifications } from './verification.ts';

export interface QueueItem {
  kind: 'OFFRE' | 'COMPANY';
  risk: number;
  since: Date;
  entrepriseId: number;
  nomEntreprise: string;
  offreId: number | null;
  titre: string | null;
  offreStatus: string | null;
  moderationStatus: string | null;
  reasons: string[];
  openReports: number;
  reportReasons: string[];
}

const NEW_ENTREPRISE_DAYS = 30;

export async function listModerationQueue(ctx: Ctx, opts: { limit?: number } = {}): Promise<QueueItem[]> {
  const limit = Math.min(Math.max(opts.limit ?? 100, 1), 500);
  const [pending, reports] = await Promise.all([
    OffreModeration.query(ctx.db).whereIn('status', ['HELD', 'HIDDEN']),
    OffreReport.query(ctx.db).whereNull('resolvedAt').select('offreId', 'reason', 'createdAt'),
  ]);
  const byOffre = new Map<number, { reasons: string[]; first: Date }>();
  for (const r of reports) {
    const e = byOffre.get(r.offreId) ?? { reasons: [], first: r.createdAt };
    e.reasons.push(r.reason);
    if (r.createdAt < e.first) e.first = r.createdAt;
    byOffre.set(r.offreId, e);
  }
  const offreIds = [...new Set([...pending.map((m) => m.offreId), ...byOffre.keys()])];
  const offres = offreIds.length
    ? await Offre.query(ctx.db)
        .alias('o')
        .joinRelated('entreprise', { alias: 'e' })
        .whereIn('o.id', offreIds)
        .select('o.id', 'o.titre', 'o.status', 'o.entrepriseId', 'e.nomEntreprise')
    : [];
  const moderation = new Map(pending.map((m) => [m.offreId, m]));
  const items: QueueItem[] = offres.map((o) => {
    const m = moderation.get(o.id);
    const rep = byOffre.get(o.id);
    const openReports = rep?.reasons.length ?? 0;
    const scamReasons =
      m?.reasons.filter((r) => r !== 'REPORTED' && r !== 'RESUBMITTED' && !r.startsWith('ASKS')) ?? [];
    const risk =
      openReports * 10 +
      (m?.status === 'HIDDEN' ? 30 : 0) +
      (m?.status === 'HELD' ? 20 + scamReasons.length * 5 : 0);
    return {
      kind: 'OFFRE',
      risk,
      since: m?.since ?? rep!.first,
      entrepriseId: o.entrepriseId,
      nomEntreprise: (o as unknown as { nomEntreprise: string }).nomEntreprise,
      offreId: o.id,
      titre: o.titre,
      offreStatus: o.status,
      moderationStatus: m?.status ?? null,
      reasons: m?.reasons ?? [],
      openReports,
      reportReasons: [...new Set(rep?.reasons ?? [])],
    };
  });
  const since = new Date(ctx.clock.now().getTime() - NEW_ENTREPRISE_DAYS * 86_400_000);
  const fresh = await Entreprise.query(ctx.db)
    .where('status', 'ACTIVE')
    .where('createdAt', '>=', since)
    .select('id', 'nomEntreprise', 'createdAt');
  const verifications = await loadVerifications(
    ctx.db,
    fresh.map((c) => c.id),
  );
  const unverified = fresh.filter((c) => verifications.get(c.id)?.status !== 'VERIFIED');
  const publicCounts = unverified.length
    ? ((await Offre.query(ctx.db)
        .whereIn(
          'entrepriseId',
          unverified.map((c) => c.id),
        )
        .where('status', 'PUBLISHED')
        .groupBy('entrepriseId')
        .select('entrepriseId')
        .count('* as n')) as unknown as { entrepriseId: number; n: number | string }[])
    : [];
  const counts = new Map(publicCounts.map((c) => [Number(c.entrepriseId), Number(c.n)]));
  for (const c of unverified)
    items.push({
      kind: 'COMPANY',
      risk: 5 + 2 * (counts.get(c.id) ?? 0),
      since: c.createdAt,
      entrepriseId: c.id,
      nomEntreprise: c.nomEntreprise,
      offreId: null,
      titre: null,
      offreStatus: null,
      moderationStatus: verifications.get(c.id)?.status ?? 'UNVERIFIED',
      reasons: [],
      openReports: 0,
      reportReasons: [],
    });
  items.sort((a, b) => b.risk - a.risk || a.since.getTime() - b.since.getTime());
  return items.slice(0, limit);
}
