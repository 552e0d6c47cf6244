/**
 * The "Application list item" (what a recruiter sees of an application), the detail view
 * (item plus cover letter and status history), and the candidate's own view of its applications.
 * An anonymised application (its candidate deleted the account) shows null candidate fields.
 */
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import { fileUrl } from '../files/index.ts';
import { Candidature } from '../../models/candidature.ts';
import { CandidatureStatusHistory } from '../../models/candidature-status-history.ts';
import type {
  ApplicationDetail as ApplicationDetailShape,
  ApplicationItem as ApplicationItemShape,
  CandidatureStatusChange,
  MyCandidature as MyCandidatureShape,
} from '../shapes/index.ts';

/** An application and who sent it (null once anonymised): the recruiter's and the admin lists share it. */
export type CandidatureSummary = Pick<
  ApplicationItem,
  | 'id'
  | 'status'
  | 'dateCandidature'
  | 'lastActionDate'
  | 'candidatId'
  | 'candidatNom'
  | 'candidatPrenom'
  | 'candidatEmail'
>;

/** The static types of the shapes in domain/shapes/candidature.ts. */
export type ApplicationItem = Static<typeof ApplicationItemShape>;

export type StatusHistoryEntry = Static<typeof CandidatureStatusChange>;

export type ApplicationDetail = Static<typeof ApplicationDetailShape>;

/** The row as selected: file ids where the item shows URLs or flags, plus what masks or details it. */
interface ItemRow extends Omit<
  ApplicationItem,
  'candidatPhotoUrl' | 'hasCv' | 'cvUrl' | 'cvFileId' | 'entrepriseLogoUrl'
> {
  anonymized: boolean;
  lettreMotivation: string | null;
  photoFileId: number | null;
  cvFileId: number | null;
  logoFileId: number | null;
}

/** Applications joined to everything an item shows, as plain rows; the caller adds its where/order. */
export function applicationItemsQuery(db: Knex): Knex.QueryBuilder {
  return Candidature.query(db)
    .alias('c')
    .joinRelated('offre', { alias: 'o' })
    .join('entreprises as e', 'e.id', 'o.entrepriseId')
    .leftJoinRelated('candidat', { alias: 'ca' })
    .leftJoin('accounts as a', 'a.id', 'c.candidatId')
    .leftJoin('villes as v', 'v.id', 'ca.villeId')
    .select(
      'c.id',
      'c.status',
      'c.dateCandidature',
      'c.lastActionDate',
      'c.candidatId',
      'c.anonymized',
      'c.lettreMotivation',
      'ca.nom as candidatNom',
      'ca.prenom as candidatPrenom',
      'a.email as candidatEmail',
      'ca.photoFileId',
      'ca.jobTitle as candidatJobTitle',
      'ca.experienceLevelId as candidatExperienceLevelId',
      'c.cvFileId',
      'ca.employmentStatus as candidatEmploymentStatus',
      'ca.availability as candidatAvailability',
      'ca.qualificationLevel as candidatQualificationLevel',
      'ca.salaryRange as candidatSalaryRange',
      'v.nom as candidatCity',
      'ca.country as candidatCountry',
      'ca.telephone as candidatTelephone',
      'o.id as offreEmploiId',
      'o.titre as offreTitre',
      'e.nomEntreprise as entrepriseNom',
      'e.logoFileId',
    )
    .toKnexQuery();
}

export function toApplicationItem(r: ItemRow, publicUrl: string): ApplicationItem {
  const known = r.candidatId !== null && !r.anonymized && r.candidatNom !== null;
  const c = <T>(v: T): T | null => (known ? v : null);
  return {
    id: r.id,
    status: r.status,
    dateCandidature: r.dateCandidature,
    lastActionDate: r.lastActionDate,
    candidatId: c(r.candidatId),
    candidatNom: c(r.candidatNom),
    candidatPrenom: c(r.candidatPrenom),
    candidatEmail: c(r.candidatEmail),
    candidatPhotoUrl: known && r.photoFileId ? fileUrl(publicUrl, r.photoFileId) : null,
    candidatJobTitle: c(r.candidatJobTitle),
    candidatExperienceLevelId: c(r.candidatExperienceLevelId),
    hasCv: known && r.cvFileId !== null,
    // The CV sent with the application; the file route lets the offer's company and admins read it.
    cvFileId: known ? r.cvFileId : null,
    cvUrl: known && r.cvFileId ? fileUrl(publicUrl, r.cvFileId) : null,
    candidatEmploymentStatus: c(r.candidatEmploymentStatus),
    candidatAvailability: c(r.candidatAvailability),
    candidatQualificationLevel: c(r.candidatQualificationLevel),
    candidatSalaryRange: c(r.candidatSalaryRange),
    candidatCity: c(r.candidatCity),
    candidatCountry: c(r.candidatCountry),
    candidatTelephone: c(r.candidatTelephone),
    offreEmploiId: r.offreEmploiId,
    offreTitre: r.offreTitre,
    entrepriseNom: r.entrepriseNom,
    entrepriseLogoUrl: r.logoFileId ? fileUrl(publicUrl, r.logoFileId) : null,
  };
}

export async function loadApplicationItems(
  ctx: Ctx,
  build: (q: Knex.QueryBuilder) => void,
): Promise<ApplicationItem[]> {
  const query = applicationItemsQuery(ctx.db);
  build(query);
  return ((await query) as ItemRow[]).map((r) => toApplicationItem(r, ctx.config.publicUrl));
}

export async function loadApplicationDetail(
  ctx: Ctx,
  candidatureId: number,
): Promise<ApplicationDetail | null> {
  const row = (await applicationItemsQuery(ctx.db).where('c.id', candidatureId).first()) as
    ItemRow | undefined;
  if (!row) return null;
  const history = await CandidatureStatusHistory.query(ctx.db)
    .where({ candidatureId })
    .orderBy([
      { column: 'changedAt', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .select('oldStatus', 'newStatus', 'reason', 'changedAt');
  return {
    ...toApplicationItem(row, ctx.config.publicUrl),
    lettreMotivation: row.anonymized ? null : row.lettreMotivation,
    statusHistory: history.map((h) => ({
      oldStatus: h.oldStatus,
      newStatus: h.newStatus,
      reason: h.reason,
      changedAt: h.changedAt,
    })),
  };
}

/** One of the candidate's own applications, as GET /candidats/me/candidatures lists them. */
export type MyCandidature = Static<typeof MyCandidatureShape>;

/** The candidate's applications with their offer and company, as plain rows (the caller pages them). */
export function myCandidaturesQuery(db: Knex, candidatId: number): Knex.QueryBuilder {
  return Candidature.query(db)
    .alias('c')
    .joinRelated('offre', { alias: 'o' })
    .join('entreprises as e', 'e.id', 'o.entrepriseId')
    .where('c.candidatId', candidatId)
    .select(
      'c.id',
      'c.status',
      'c.dateCandidature',
      'c.lastActionDate',
      'c.lettreMotivation',
      'o.id as offreId',
      'o.titre as offreTitre',
      'o.status as offreStatus',
      'o.localisation',
      'o.contractType',
      'e.id as entrepriseId',
      'e.nomEntreprise as entrepriseNom',
      'e.logoFileId',
    )
    .toKnexQuery();
}

export function toMyCandidature(
  row: MyCandidature & { logoFileId: number | null },
  publicUrl: string,
): MyCandidature {
  const { logoFileId, ...rest } = row;
  return { ...rest, entrepriseLogoUrl: logoFileId ? fileUrl(publicUrl, logoFileId) : null };
}
