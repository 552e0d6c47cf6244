/** Admin dashboard: GET /admin/dashboard/stats (totals) and /chart (sign-ups per day). */
import Type from 'typebox';
import { defineRoutes, route } from '../http/route.ts';
import { AdminChart, AdminStats } from '../schemas/admin.ts';
import { adminDashboardStats } from '../../domain/dashboards/admin-stats.ts';
import {
  adminDashboardChart,
  DEFAULT_CHART_DAYS,
  MAX_CHART_DAYS,
} from '../../domain/dashboards/admin-chart.ts';

const tag = 'Dashboard Stats';
const ADMINS = ['ADMIN', 'SUPER_ADMIN'] as const;

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/admin/dashboard/stats',
    tag,
    summary: 'Platform totals',
    description:
      'Candidates (enabled / disabled), recruiters by state, companies by plan, offers by state, applications by status; every state is listed, 0 when empty. `newThisWeek` counts what was created in the 7 days before now (`since`).',
    access: ADMINS,
    response: AdminStats,
    handler: ({ ctx }) => adminDashboardStats(ctx),
  }),
  route({
    method: 'get',
    path: '/admin/dashboard/chart',
    tag,
    summary: 'Sign-ups per day (dashboard chart data)',
    description: [
      `The period is the \`days\` (default ${DEFAULT_CHART_DAYS}, 1..${MAX_CHART_DAYS}) UTC calendar days ending today, today included.`,
      '`data` has one point per day, oldest first, with the number of CANDIDAT and RECRUTEUR accounts created that day (0 on days without any).',
      '`currentCandidates` / `currentRecruiters` = accounts created in the period.',
      '`candidatesChangePercent` / `recruitersChangePercent` = (current - previous) / previous * 100, where previous is the count over the `days` days just before the period, rounded to 1 decimal; 100 when previous is 0 and current > 0; 0 when both are 0.',
    ].join(' '),
    access: ADMINS,
    query: Type.Object({
      days: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_CHART_DAYS, default: DEFAULT_CHART_DAYS })),
    }),
    response: AdminChart,
    handler: ({ ctx, query }) => adminDashboardChart(ctx, { days: query.days }),
  }),
]);
