/**
 * GET /recruiters/me/dashboard: for the recruiter's company, offers by state, applications by
 * status, and applications received per day over the last 30 days (Cameroon days, UTC+1 all
 * year; every day present, 0 when none; oldest first, today last).
 */
import type { Ctx } from '../context.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import { localDate } from '../shared/index.ts';
import { OFFRE_STATUSES, type OffreStatus } from '../../models/offre.ts';
import type { CandidatureStatus } from '../../models/candidature.ts';
import { Offre } from '../../models/offre.ts';
import { countsByStatus } from './candidat-dashboard.ts';

export const DASHBOARD_DAYS = 30;
const DAY_MS = 86_400_000;

export interface RecruteurDashboard {
  offresTotal: number;
  offresByStatus: Record<OffreStatus, number>;
  candidaturesTotal: number;
  candidaturesByStatus: Record<CandidatureStatus, number>;
  candidaturesParJour: { date: string; count: number }[];
}

/** The `days` dates ending with `today` (YYYY-MM-DD), oldest first. */
export function lastDays(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) =>
    new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

export async function recruteurDashboard(ctx: Ctx): Promise<RecruteurDashboard> {
  const recruteur = await requireActiveRecruteur(ctx);
  const days = lastDays(localDate(ctx.clock.now()), DASHBOARD_DAYS);
  // Cameroon has no daylight saving: its day starts at 23:00 UTC the day before.
  const since = new Date(Date.parse(`${days[0]}T00:00:00+01:00`));
  // The company's offer ids, as a subquery of the counts below.
  const entrepriseOffres = Offre.query(ctx.db)
    .where({ entrepriseId: recruteur.entrepriseId })
    .select('id')
    .toKnexQuery();
  const [offreRows, statusRows, dayRows] = await Promise.all([
    // eslint-disable-next-line no-restricted-syntax -- SQL: offers per status (GROUP BY count)
    ctx
      .db('offres')
      .where({ entrepriseId: recruteur.entrepriseId })
      .groupBy('status')
      .select('status', ctx.db.raw('COUNT(*) as n')),
    // eslint-disable-next-line no-restricted-syntax -- SQL: applications per status (GROUP BY count)
    ctx
      .db('candidatures')
      .whereIn('offreId', entrepriseOffres.clone())
      .groupBy('status')
      .select('status', ctx.db.raw('COUNT(*) as n')),
    // eslint-disable-next-line no-restricted-syntax -- SQL: applications per Cameroon day (GROUP BY count)
    ctx
      .db('candidatures')
      .whereIn('offreId', entrepriseOffres.clone())
      .where('dateCandidature', '>=', since)
      .groupByRaw('day')
      .select(
        ctx.db.raw("DATE_FORMAT(DATE_ADD(date_candidature, INTERVAL 1 HOUR), '%Y-%m-%d') as day"),
        ctx.db.raw('COUNT(*) as n'),
      ),
  ]);
  const offresByStatus = Object.fromEntries(OFFRE_STATUSES.map((s) => [s, 0])) as Record<OffreStatus, number>;
  for (const r of offreRows as { status: OffreStatus; n: number | string }[])
    offresByStatus[r.status] = Number(r.n);
  const candidaturesByStatus = countsByStatus(statusRows as { status: CandidatureStatus; n: number }[]);
  const perDay = new Map((dayRows as { day: string; n: number | string }[]).map((r) => [r.day, Number(r.n)]));
  return {
    offresTotal: Object.values(offresByStatus).reduce((a, b) => a + b, 0),
    offresByStatus,
    candidaturesTotal: Object.values(candidaturesByStatus).reduce((a, b) => a + b, 0),
    candidaturesByStatus,
    candidaturesParJour: days.map((date) => ({ date, count: perDay.get(date) ?? 0 })),
  };
}
