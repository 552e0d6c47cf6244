/**
 * GET /candidats/me/dashboard: the candidate's applications by status, saved jobs, active job
 * alerts, how complete its profile is, and the companies applied to with their verification (so a
 * candidate sees at a glance which employers the platform has checked).
 *
 * Profile completion = 10 points for each of these 10 items that is filled in, so 0..100:
 * telephone, photo, CV, jobTitle, experienceLevelId, competences (at least one), villeId,
 * employmentStatus, availability, qualificationLevel. `profileMissing` names the missing ones.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { currentCandidatId } from '../candidats/index.ts';
import { parseCompetences } from '../offres/index.ts';
import { CANDIDATURE_STATUSES, type CandidatureStatus } from '../../models/candidature.ts';
import { Candidat } from '../../models/candidat.ts';
import { SavedJob } from '../../models/saved-job.ts';
import { JobAlert } from '../../models/job-alert.ts';
import { loadVerifications, UNVERIFIED, type VerificationView } from '../trust/index.ts';

export const PROFILE_ITEMS = [
  'telephone',
  'photo',
  'cv',
  'jobTitle',
  'experienceLevelId',
  'competences',
  'villeId',
  'employmentStatus',
  'availability',
  'qualificationLevel',
] as const;
export type ProfileItem = (typeof PROFILE_ITEMS)[number];

export interface CandidatDashboard {
  candidaturesTotal: number;
  candidaturesByStatus: Record<CandidatureStatus, number>;
  savedJobsCount: number;
  activeAlertsCount: number;
  profileCompletionPercent: number;
  profileMissing: ProfileItem[];
  companiesAppliedTo: AppliedEntreprise[];
}

export interface AppliedEntreprise {
  entrepriseId: number;
  nomEntreprise: string;
  candidatures: number;
  lastAppliedAt: Date;
  verification: VerificationView;
}

/** The companies of the candidate's applications, most recent first (at most COMPANIES_SHOWN). */
export const ENTREPRISES_SHOWN = 50;

async function entreprisesAppliedTo(ctx: Ctx, candidatId: number): Promise<AppliedEntreprise[]> {
  // eslint-disable-next-line no-restricted-syntax -- SQL: applications per company (GROUP BY aggregate)
  const rows = (await ctx
    .db('candidatures as c')
    .join('offres as o', 'o.id', 'c.offreId')
    .join('entreprises as e', 'e.id', 'o.entrepriseId')
    .where('c.candidatId', candidatId)
    .groupBy('e.id', 'e.nomEntreprise')
    .select('e.id as entrepriseId', 'e.nomEntreprise')
    .count({ candidatures: '*' })
    .max({ lastAppliedAt: 'c.createdAt' })
    .orderBy([
      { column: 'lastAppliedAt', order: 'desc' },
      { column: 'entrepriseId', order: 'asc' },
    ])
    .limit(ENTREPRISES_SHOWN)) as {
    entrepriseId: number;
    nomEntreprise: string;
    candidatures: number | string;
    lastAppliedAt: Date;
  }[];
  const verifications = await loadVerifications(
    ctx.db,
    rows.map((r) => r.entrepriseId),
  );
  return rows.map((r) => ({
    entrepriseId: r.entrepriseId,
    nomEntreprise: r.nomEntreprise,
    candidatures: Number(r.candidatures),
    lastAppliedAt: r.lastAppliedAt,
    verification: verifications.get(r.entrepriseId) ?? UNVERIFIED,
  }));
}

export function countsByStatus(
  rows: { status: CandidatureStatus; n: number | string }[],
): Record<CandidatureStatus, number> {
  const out = Object.fromEntries(CANDIDATURE_STATUSES.map((s) => [s, 0])) as Record<
    CandidatureStatus,
    number
  >;
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}

interface ProfileRow {
  telephone: string | null;
  photoFileId: number | null;
  cvFileId: number | null;
  jobTitle: string | null;
  experienceLevelId: number | null;
  competences: unknown;
  villeId: number | null;
  employmentStatus: string | null;
  availability: string | null;
  qualificationLevel: string | null;
}

function filled(p: ProfileRow): Record<ProfileItem, boolean> {
  const text = (v: string | null) => Boolean(v && v.trim());
  return {
    telephone: text(p.telephone),
    photo: p.photoFileId !== null,
    cv: p.cvFileId !== null,
    jobTitle: text(p.jobTitle),
    experienceLevelId: p.experienceLevelId !== null,
    competences: parseCompetences(p.competences).length > 0,
    villeId: p.villeId !== null,
    employmentStatus: text(p.employmentStatus),
    availability: text(p.availability),
    qualificationLevel: text(p.qualificationLevel),
  };
}

export async function candidatDashboard(ctx: Ctx): Promise<CandidatDashboard> {
  const id = currentCandidatId(ctx);
  const profile = await Candidat.query(ctx.db)
    .findById(id)
    .select(
      'telephone',
      'photoFileId',
      'cvFileId',
      'jobTitle',
      'experienceLevelId',
      'competences',
      'villeId',
      'employmentStatus',
      'availability',
      'qualificationLevel',
    );
  if (!profile) throw new NotFoundError('Candidate');
  const [statusRows, savedJobsCount, activeAlertsCount, entreprises] = await Promise.all([
    // eslint-disable-next-line no-restricted-syntax -- SQL: applications per status (GROUP BY count)
    ctx
      .db('candidatures')
      .where({ candidatId: id })
      .groupBy('status')
      .select('status', ctx.db.raw('COUNT(*) as n')),
    SavedJob.query(ctx.db).where({ candidatId: id }).resultSize(),
    JobAlert.query(ctx.db).where({ candidatId: id, active: true }).resultSize(),
    entreprisesAppliedTo(ctx, id),
  ]);
  const byStatus = countsByStatus(statusRows as { status: CandidatureStatus; n: number }[]);
  const done = filled(profile);
  const missing = PROFILE_ITEMS.filter((item) => !done[item]);
  return {
    candidaturesTotal: Object.values(byStatus).reduce((a, b) => a + b, 0),
    candidaturesByStatus: byStatus,
    savedJobsCount,
    activeAlertsCount,
    profileCompletionPercent: (PROFILE_ITEMS.length - missing.length) * (100 / PROFILE_ITEMS.length),
    profileMissing: missing,
    companiesAppliedTo: entreprises,
  };
}
