/**
 * `recrutement stats [--days 30]`: the totals of GET /admin/dashboard/stats and the sign-ups per
 * day of GET /admin/dashboard/chart (same use cases), as tables and two column charts drawn in
 * the terminal. --json prints `{stats, chart}` exactly as the two routes' data.
 */
import { InvalidArgumentError, type Command } from 'commander';
import type { AdminStats } from '../../domain/dashboards/admin-stats.ts';
// Constants only: the module's use case is imported when the command runs.
import { DEFAULT_CHART_DAYS, MAX_CHART_DAYS, type AdminChart } from '../../domain/dashboards/admin-chart.ts';
import { positiveInt } from '../ui/arguments.ts';
import { columnChart, sparkline } from '../ui/chart.ts';
import { signedPercent } from '../ui/format.ts';
import type { CommandEnv } from '../command-env.ts';
import type { EnvFactory } from '../command-env.ts';

function days(value: string): number {
  const n = positiveInt(value);
  if (n > MAX_CHART_DAYS) throw new InvalidArgumentError(`at most ${MAX_CHART_DAYS}`);
  return n;
}

const breakdown = (by: Record<string, number>) =>
  Object.entries(by)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

function printTotals(e: CommandEnv, s: AdminStats): void {
  e.output.table(
    ['', 'total', 'new this week', 'breakdown'],
    [
      [
        'candidates',
        s.candidates.total,
        s.candidates.newThisWeek,
        `enabled ${s.candidates.enabled}, disabled ${s.candidates.disabled}`,
      ],
      ['recruiters', s.recruiters.total, s.recruiters.newThisWeek, breakdown(s.recruiters.byStatus)],
      ['companies', s.entreprises.total, s.entreprises.newThisWeek, breakdown(s.entreprises.byPlan)],
      ['offers', s.offres.total, s.offres.newThisWeek, breakdown(s.offres.byStatus)],
      ['applications', s.candidatures.total, s.candidatures.newThisWeek, breakdown(s.candidatures.byStatus)],
    ],
  );
}

function printChart(e: CommandEnv, c: AdminChart, n: number): void {
  const first = c.data[0]?.date;
  const last = c.data[c.data.length - 1]?.date;
  e.output.out('');
  e.output.table(
    [`sign-ups, last ${n} days`, 'total', 'vs previous period', 'per day'],
    [
      [
        'candidates',
        c.stats.currentCandidates,
        signedPercent(c.stats.candidatesChangePercent),
        sparkline(c.data.map((p) => p.candidates)),
      ],
      [
        'recruiters',
        c.stats.currentRecruiters,
        signedPercent(c.stats.recruitersChangePercent),
        sparkline(c.data.map((p) => p.recruiters)),
      ],
    ],
  );
  for (const [title, key] of [
    ['Candidates per day', 'candidates'],
    ['Recruiters per day', 'recruiters'],
  ] as const) {
    e.output.out('');
    const lines = columnChart(
      c.data.map((p) => p[key]),
      {
        title: e.output.color.bold(title),
        height: 6,
        firstLabel: first,
        lastLabel: n > 1 ? last : undefined,
      },
    );
    for (const line of lines) e.output.out(line);
  }
}

export function registerStatsCommands(program: Command, env: EnvFactory): void {
  program
    .command('stats')
    .description('platform totals and sign-ups per day (the admin dashboard) with terminal charts')
    .option(
      '--days <n>',
      `length of the chart period in days (1-${MAX_CHART_DAYS})`,
      days,
      DEFAULT_CHART_DAYS,
    )
    .addHelpText('after', '\nExamples:\n  $ recrutement stats\n  $ recrutement stats --days 7 --json')
    .action(async (opts: { days: number }) => {
      const e = env();
      const ctx = e.ctx();
      const { adminDashboardStats } = await import('../../domain/dashboards/admin-stats.ts');
      const stats = await adminDashboardStats(ctx);
      const { adminDashboardChart } = await import('../../domain/dashboards/admin-chart.ts');
      const chart = await adminDashboardChart(ctx, { days: opts.days });
      const { smsSegmentsPerDay } = await import('../../domain/sms/index.ts');
      const sms = await smsSegmentsPerDay(ctx, opts.days);
      e.output.result({ stats, chart, sms }, () => {
        printTotals(e, stats);
        printChart(e, chart, opts.days);
        e.output.out('');
        if (!sms.length) return e.output.out('SMS: none sent');
        e.output.table(
          ['SMS sent per day (Cameroon)', 'messages', 'segments'],
          sms.map((d) => [d.day, d.messages, d.segments]),
        );
      });
    });
}
