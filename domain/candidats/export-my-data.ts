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
import { fileUrl } from '../files/index.ts';
import { currentCandidatId } from './current-candidat.ts';
import { Account } from '../../models/account.ts';
import { Candidat } from '../../models/candidat.ts';
import { Candidature } from '../../models/candidature.ts';
import { CandidatureStatusHistory } from '../../models/candidature-status-history.ts';
import { JobAlert } from '../../models/job-alert.ts';
import { PoolInvitation } from '../../models/pool-invitation.ts';
import { SavedJob } from '../../models/saved-job.ts';
import { SmsMessage } from '../../models/sms-message.ts';
import { SmsPhone } from '../../models/sms-phone.ts';
import { StoredFile } from '../../models/stored-file.ts';
import { VivierCandidat } from '../../models/vivier-candidat.ts';

export const LOGIN_HISTORY_DAYS = 90;

export interface CandidatExport {
  exportedAt: Date;
  account: Record<string, unknown>;
  profile: Record<string, unknown>;
  files: Record<string, unknown>[];
  applications: Record<string, unknown>[];
  alerts: Record<string, unknown>[];
  savedJobs: Record<string, unknown>[];
  smsPhones: Record<string, unknown>[];
  smsMessages: Record<string, unknown>[];
  poolMemberships: Record<string, unknown>[];
  poolInvitations: Record<string, unknown>[];
  loginHistory: { sessionStartedAt: Date; lastTokenAt: Date }[];
}

export async function exportMyData(ctx: Ctx): Promise<CandidatExport> {
  const id = currentCandidatId(ctx);
  const db = ctx.db;
  const account = await Account.query(db)
    .findOne({ id, role: 'CANDIDAT' })
    .select(
      'id',
      'email',
      'role',
      'langue',
      'enabled',
      'emailVerifiedAt',
      'lastLoginAt',
      'createdAt',
      'updatedAt',
    );
  if (!account) throw new NotFoundError('Candidate');
  const profileRow = await Candidat.query(db)
    .findById(id)
    .leftJoinRelated('[ville, experienceLevel]')
    .select('candidates.*', 'ville.nom as villeNom', 'experienceLevel.nom as experienceLevelNom');
  if (!profileRow) throw new NotFoundError('Candidate');
  const profile = { ...profileRow, competences: profileRow.competences ?? [] };

  const files = (
    await StoredFile.query(db)
      .where({ ownerAccountId: id })
      .orderBy('id')
      .select('id', 'purpose', 'originalName', 'contentType', 'size', 'createdAt')
  ).map((f) => ({ ...f, url: fileUrl(ctx.config.publicUrl, f.id) }));

  const applicationRows = await Candidature.query(db)
    .joinRelated('offre.entreprise')
    .where('candidatures.candidatId', id)
    .orderBy('candidatures.id')
    .select(
      'candidatures.id',
      'candidatures.offreId',
      'offre.titre as offreTitre',
      'offre:entreprise.nomEntreprise as entreprise',
      'candidatures.status',
      'candidatures.lettreMotivation',
      'candidatures.dateCandidature',
      'candidatures.lastActionDate',
      'candidatures.createdAt',
      'candidatures.updatedAt',
    );
  const history = applicationRows.length
    ? await CandidatureStatusHistory.query(db)
        .whereIn(
          'candidatureId',
          applicationRows.map((a) => a.id),
        )
        .orderBy('changedAt')
        .orderBy('id')
        .select('candidatureId', 'oldStatus', 'newStatus', 'reason', 'changedAt')
    : [];
  const applications = applicationRows.map((a) => ({
    ...a,
    statusHistory: history.filter((h) => h.candidatureId === a.id).map(({ candidatureId: _, ...h }) => h),
  }));

  const alerts = (
    await JobAlert.query(db)
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
      )
  ).map((a) => ({ ...a }));

  const smsPhones = (
    await SmsPhone.query(db)
      .where({ candidatId: id })
      .select('phone', 'confirmedAt', 'enabled', 'statusNotices', 'stoppedAt', 'createdAt', 'updatedAt')
  ).map((p) => ({ ...p }));
  const smsMessages = (
    await SmsMessage.query(db)
      .where({ candidatId: id })
      .orderBy('id')
      .select('kind', 'toNumber', 'body', 'status', 'createdAt', 'sentAt', 'dlrStatus')
  ).map((m) => ({ ...m }));

  const savedJobs = (
    await SavedJob.query(db)
      .joinRelated('offre')
      .where('savedJobs.candidatId', id)
      .orderBy('savedJobs.createdAt')
      .select('savedJobs.offreId', 'offre.titre as offreTitre', 'savedJobs.createdAt')
  ).map((s) => ({ ...s }));

  const poolMemberships = (
    await VivierCandidat.query(db)
      .alias('m')
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
      )
  ).map((m) => ({ ...m, tags: m.tags ?? [] }));

  const poolInvitations = (
    await PoolInvitation.query(db)
      .alias('i')
      .join('entreprises as e', 'e.id', 'i.entrepriseId')
      .where('i.email', account.email)
      .orderBy('i.id')
      .select('i.id', 'e.nomEntreprise as entreprise', 'i.status', 'i.createdAt', 'i.respondedAt')
  ).map((i) => ({ ...i }));

  const since = new Date(ctx.clock.now().getTime() - LOGIN_HISTORY_DAYS * 86_400_000);
  // eslint-disable-next-line no-restricted-syntax -- SQL: GROUP BY login family with MIN/MAX of the token times
  const sessions = (await db('authTokens')
    .where({ accountId: id })
    .groupBy('familyId')
    .havingRaw('MIN(created_at) >= ?', [since])
    .orderByRaw('MIN(created_at)')
    .select(db.raw('MIN(created_at) as session_started_at'), db.raw('MAX(created_at) as last_token_at'))) as {
    sessionStartedAt: Date;
    lastTokenAt: Date;
  }[];
  const loginHistory = sessions.map((l) => ({
    sessionStartedAt: l.sessionStartedAt,
    lastTokenAt: l.lastTokenAt,
  }));

  return {
    exportedAt: ctx.clock.now(),
    account: { ...account },
    profile,
    files,
    applications,
    alerts,
    savedJobs,
    smsPhones,
    smsMessages,
    poolMemberships,
    poolInvitations,
    loginHistory,
  };
}
