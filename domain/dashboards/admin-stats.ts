/**
 * GET /admin/dashboard/stats: totals of candidates, recruiters by
 * state, companies (by plan), offers by state, applications by status, and what is new this week
 * (created in the 7 days before now, by ctx.clock). Every state appears, with 0 when empty.
 */
import type { Knex } from 'knex';
import type { Ctx } from '../context.ts';
import { RECRUTEUR_STATUSES } from '../../models/recruteur.ts';
import { OFFRE_STATUSES } from '../../models/offre.ts';
import { PLANS } from '../../models/entreprise.ts';

export const APPLICATION_STATUSES = ['NEW', 'IN_PROGRESS', 'TO_MEET', 'MET', 'HIRED', 'REJECTED'] as const;
const WEEK_MS = 7 * 24 * 3600 * 1000;

export interface AdminStats {
  since: Date;
  candidates: { total: number; enabled: number; disabled: number; newThisWeek: number };
  recruiters: { total: number; byStatus: Record<string, number>; newThisWeek: number };
  entreprises: { total: number; byPlan: Record<string, number>; newThisWeek: number };
  offres: { total: number; byStatus: Record<string, number>; newThisWeek: number };
  candidatures: { total: number; byStatus: Record<string, number>; newThisWeek: number };
}

async function countBy(
  query: Knex.QueryBuilder,
  column: string,
  keys: readonly string[],
): Promise<{ total: number; by: Record<string, number> }> {
  const rows = (await query.clone().groupBy(column).select(`${column} as k`).count({ n: '*' })) as {
    k: string;
    n: number | string;
  }[];
  const by: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
  let total = 0;
  for (const r of rows) {
    by[r.k] = Number(r.n);
    total += Number(r.n);
  }
  return { total, by };
}

async function count(query: Knex.QueryBuilder): Promise<number> {
  const row = (await query.clone().count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

const countSince = (query: Knex.QueryBuilder, column: string, since: Date) =>
  count(query.clone().where(column, '>=', since));

export async function adminDashboardStats(ctx: Ctx, _input: Record<string, never> = {}): Promise<AdminStats> {
  const db = ctx.db;
  const since = new Date(ctx.clock.now().getTime() - WEEK_MS);
  // eslint-disable-next-line no-restricted-syntax -- SQL: base of the dashboard's COUNT / GROUP BY counts
  const candidats = db('candidates as c').join('accounts as a', 'a.id', 'c.id');
  // eslint-disable-next-line no-restricted-syntax -- SQL: base of the dashboard's COUNT / GROUP BY counts
  const recruteurs = db('recruiters as r').join('accounts as a', 'a.id', 'r.id');
  // eslint-disable-next-line no-restricted-syntax -- SQL: base of the dashboard's COUNT / GROUP BY counts
  const entreprises = db('entreprises as e');
  // eslint-disable-next-line no-restricted-syntax -- SQL: base of the dashboard's COUNT / GROUP BY counts
  const offresQuery = db('offres as o');
  // eslint-disable-next-line no-restricted-syntax -- SQL: base of the dashboard's COUNT / GROUP BY counts
  const candidatures = db('candidatures as cd');
  const candidatTotal = await count(candidats);
  const enabledCount = await count(candidats.clone().where('a.enabled', true));
  const recruteurStates = await countBy(recruteurs, 'r.status', RECRUTEUR_STATUSES);
  const plans = await countBy(entreprises, 'e.plan', PLANS);
  const offres = await countBy(offresQuery, 'o.status', OFFRE_STATUSES);
  const applications = await countBy(candidatures, 'cd.status', APPLICATION_STATUSES);
  return {
    since,
    candidates: {
      total: candidatTotal,
      enabled: enabledCount,
      disabled: candidatTotal - enabledCount,
      newThisWeek: await countSince(candidats, 'a.createdAt', since),
    },
    recruiters: {
      total: recruteurStates.total,
      byStatus: recruteurStates.by,
      newThisWeek: await countSince(recruteurs, 'a.createdAt', since),
    },
    entreprises: {
      total: plans.total,
      byPlan: plans.by,
      newThisWeek: await countSince(entreprises, 'e.createdAt', since),
    },
    offres: {
      total: offres.total,
      byStatus: offres.by,
      newThisWeek: await countSince(offresQuery, 'o.createdAt', since),
    },
    candidatures: {
      total: applications.total,
      byStatus: applications.by,
      newThisWeek: await countSince(candidatures, 'cd.dateCandidature', since),
    },
  };
}
