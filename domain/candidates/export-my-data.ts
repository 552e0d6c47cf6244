/**
 * GET /candidats/me/export: every personal datum the platform holds on the signed-in candidate,
 * as one JSON document: account and profile, files (with download links), applications with
 * their status history, job alerts (those of the account and those made with its email), saved
 * jobs, talent-pool memberships the candidate accepted and pool invitations sent to its email,
 * and the logins of the last 90 days (one per session, from the session tokens). Recruiters'
 * notes on an application are the company's internal notes and are never shown to the candidate,
 * so they are not part of it. Nothing about another person is included: every query is keyed on
 * the caller's account id or email.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { fileUrl } from '../files/file-urls.ts';
import { currentCandidateId } from './current-candidate.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';

export const LOGIN_HISTORY_DAYS = 90;

const json = (v: unknown): unknown => parseJsonColumn(v);

export interface CandidateExport {
  exportedAt: Date;
  account: Record<string, unknown>;
  profile: Record<string, unknown>;
  files: Record<string, unknown>[];
  applications: Record<string, unknown>[];
  alerts: Record<string, unknown>[];
  savedJobs: Record<string, unknown>[];
  poolMemberships: Record<string, unknown>[];
  poolInvitations: Record<string, unknown>[];
  loginHistory: { sessionStartedAt: Date; lastTokenAt: Date }[];
}

export async function exportMyData(ctx: Ctx): Promise<CandidateExport> {
  const id = currentCandidateId(ctx);
  const db = ctx.db;
  const account = (await db('accounts')
    .where({ id, role: 'CANDIDAT' })
    .first(
      'id',
      'email',
      'role',
      'langue',
      'enabled',
      'emailVerifiedAt',
      'lastLoginAt',
      'createdAt',
      'updatedAt',
    )) as { email: string } | undefined;
  if (!account) throw new NotFoundError('Candidate');
  const profileRow = (await db('candidates as c')
    .leftJoin('villes as v', 'v.id', 'c.villeId')
    .leftJoin('experienceLevels as l', 'l.id', 'c.experienceLevelId')
    .where('c.id', id)
    .first('c.*', 'v.nom as villeNom', 'l.nom as experienceLevelNom')) as Record<string, unknown>;
  const profile = { ...profileRow, competences: json(profileRow.competences) ?? [] };

  const files = (
    (await db('files')
      .where({ ownerAccountId: id })
      .orderBy('id')
      .select('id', 'purpose', 'originalName', 'contentType', 'size', 'createdAt')) as { id: number }[]
  ).map((f) => ({ ...f, url: fileUrl(ctx.config.publicUrl, f.id) }));

  const applicationRows = (await db('candidatures as ca')
    .join('offres as o', 'o.id', 'ca.offreId')
    .join('entreprises as e', 'e.id', 'o.entrepriseId')
    .where('ca.candidatId', id)
    .orderBy('ca.id')
    .select(
      'ca.id',
      'ca.offreId',
      'o.titre as offreTitre',
      'e.nomEntreprise as entreprise',
      'ca.status',
      'ca.lettreMotivation',
      'ca.dateCandidature',
      'ca.lastActionDate',
      'ca.createdAt',
      'ca.updatedAt',
    )) as { id: number }[];
  const history = applicationRows.length
    ? ((await db('candidatureStatusHistory')
        .whereIn(
          'candidatureId',
          applicationRows.map((a) => a.id),
        )
        .orderBy('changedAt')
        .orderBy('id')
        .select('candidatureId', 'oldStatus', 'newStatus', 'reason', 'changedAt')) as {
        candidatureId: number;
      }[])
    : [];
  const applications = applicationRows.map((a) => ({
    ...a,
    statusHistory: history.filter((h) => h.candidatureId === a.id).map(({ candidatureId: _, ...h }) => h),
  }));

  const alerts = (
    (await db('jobAlerts')
      .where((w) => {
        w.where({ candidatId: id }).orWhere({ email: account.email });
      })
      .orderBy('id')
      .select(
        'id',
        'email',
        'keywords',
        'villeId',
        'regionId',
        'contractType',
        'salaireMin',
        'remotePossible',
        'active',
        'confirmedAt',
        'lastMatchedAt',
        'createdAt',
        'updatedAt',
      )) as Record<string, unknown>[]
  ).map((a) => ({ ...a }));

  const savedJobs = (await db('savedJobs as s')
    .join('offres as o', 'o.id', 's.offreId')
    .where('s.candidatId', id)
    .orderBy('s.createdAt')
    .select('s.offreId', 'o.titre as offreTitre', 's.createdAt')) as Record<string, unknown>[];

  const poolMemberships = (
    (await db('vivierCandidats as m')
      .join('viviers as v', 'v.id', 'm.vivierId')
      .join('entreprises as e', 'e.id', 'v.entrepriseId')
      .where('m.candidatId', id)
      .orderBy('m.id')
      .select(
        'm.id',
        'e.nomEntreprise as entreprise',
        'v.nom as vivier',
        'm.email',
        'm.nom',
        'm.prenom',
        'm.telephone',
        'm.tags',
        'm.source',
        'm.createdAt',
      )) as { tags: unknown }[]
  ).map((m) => ({ ...m, tags: json(m.tags) ?? [] }));

  const poolInvitations = (await db('poolInvitations as i')
    .join('entreprises as e', 'e.id', 'i.entrepriseId')
    .where('i.email', account.email)
    .orderBy('i.id')
    .select('i.id', 'e.nomEntreprise as entreprise', 'i.status', 'i.createdAt', 'i.respondedAt')) as Record<
    string,
    unknown
  >[];

  const since = new Date(ctx.clock.now().getTime() - LOGIN_HISTORY_DAYS * 86_400_000);
  const loginHistory = (
    (await db('authTokens')
      .where({ accountId: id })
      .groupBy('familyId')
      .havingRaw('MIN(created_at) >= ?', [since])
      .orderByRaw('MIN(created_at)')
      .select(
        db.raw('MIN(created_at) as session_started_at'),
        db.raw('MAX(created_at) as last_token_at'),
      )) as { sessionStartedAt: Date; lastTokenAt: Date }[]
  ).map((l) => ({ sessionStartedAt: l.sessionStartedAt, lastTokenAt: l.lastTokenAt }));

  return {
    exportedAt: ctx.clock.now(),
    account: { ...account },
    profile,
    files,
    applications,
    alerts,
    savedJobs,
    poolMemberships,
    poolInvitations,
    loginHistory,
  };
}
