/**
 * GET /admin/dashboard/chart?days=N (dashboard chart data). The period is the N UTC days
 * ending today (by ctx.clock), one point per day, 0 on days with no sign-up; each point counts
 * the CANDIDAT and RECRUTEUR accounts created that day. current* = sign-ups in the period;
 * change percent = (current - previous) / previous * 100 against the N days before, rounded to
 * one decimal; 100 when previous is 0 and current > 0; 0 when both are 0.
 */
import type { Ctx } from '../context.ts';
import { inputError } from '../errors.ts';

export const DEFAULT_CHART_DAYS = 30;
export const MAX_CHART_DAYS = 365;
const DAY_MS = 24 * 3600 * 1000;

export interface ChartPoint {
  date: string;
  candidates: number;
  recruiters: number;
}

export interface AdminChart {
  data: ChartPoint[];
  stats: {
    currentCandidates: number;
    currentRecruiters: number;
    candidatesChangePercent: number;
    recruitersChangePercent: number;
  };
}

export function changePercent(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function adminDashboardChart(ctx: Ctx, input: { days?: number } = {}): Promise<AdminChart> {
  const days = input.days ?? DEFAULT_CHART_DAYS;
  if (!Number.isInteger(days) || days < 1 || days > MAX_CHART_DAYS) {
    throw inputError('Invalid days', 'query.days', days > MAX_CHART_DAYS ? 'maximum' : 'minimum', {
      limit: days > MAX_CHART_DAYS ? MAX_CHART_DAYS : 1,
    });
  }
  const now = ctx.clock.now();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const end = today + DAY_MS;
  const start = today - (days - 1) * DAY_MS;
  const previousStart = start - days * DAY_MS;
  // created_at is stored in UTC (the connection's timezone is 'Z'), so DATE_FORMAT gives the UTC day.
  // eslint-disable-next-line no-restricted-syntax -- SQL: sign-ups per role and day (GROUP BY count)
  const rows = (await ctx
    .db('accounts')
    .whereIn('role', ['CANDIDAT', 'RECRUTEUR'])
    .where('createdAt', '>=', new Date(previousStart))
    .where('createdAt', '<', new Date(end))
    .groupBy('role', 'day')
    .select('role', ctx.db.raw("DATE_FORMAT(created_at, '%Y-%m-%d') AS day"))
    .count({ n: '*' })) as { role: 'CANDIDAT' | 'RECRUTEUR'; day: string; n: number | string }[];

  const points = new Map<string, ChartPoint>();
  for (let ms = start; ms < end; ms += DAY_MS)
    points.set(isoDay(ms), { date: isoDay(ms), candidates: 0, recruiters: 0 });
  const previous = { candidates: 0, recruiters: 0 };
  for (const r of rows) {
    const key = r.role === 'CANDIDAT' ? 'candidates' : 'recruiters';
    const point = points.get(r.day);
    if (point) point[key] += Number(r.n);
    else previous[key] += Number(r.n);
  }
  const data = [...points.values()];
  const currentCandidats = data.reduce((n, p) => n + p.candidates, 0);
  const currentRecruteurs = data.reduce((n, p) => n + p.recruiters, 0);
  return {
    data,
    stats: {
      currentCandidates: currentCandidats,
      currentRecruiters: currentRecruteurs,
      candidatesChangePercent: changePercent(currentCandidats, previous.candidates),
      recruitersChangePercent: changePercent(currentRecruteurs, previous.recruiters),
    },
  };
}
