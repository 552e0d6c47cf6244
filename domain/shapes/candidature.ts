/**
 * An application as the API shows it: the recruiter's list item, the detail (item plus cover letter
 * and status history), the candidate's own view, a recruiter's note. Their static types are the
 * domain's views (domain/candidatures/candidature-view.ts, candidature-note-view.ts).
 */
import Type from 'typebox';
import { DateTime, Nullable, StringEnum } from './common.ts';
import { CANDIDATURE_STATUSES } from '../../models/candidature.ts';
import { CONTRACT_TYPES, OFFRE_STATUSES } from '../../models/offre.ts';

export const CandidatureStatusSchema = StringEnum(CANDIDATURE_STATUSES);
const S = () => Nullable(Type.String());

export const ApplicationItem = Type.Object({
  id: Type.Integer(),
  status: CandidatureStatusSchema,
  dateCandidature: DateTime,
  lastActionDate: DateTime,
  candidatId: Nullable(Type.Integer()),
  candidatNom: S(),
  candidatPrenom: S(),
  candidatEmail: S(),
  candidatPhotoUrl: S(),
  candidatJobTitle: S(),
  candidatExperienceLevelId: Nullable(Type.Integer()),
  hasCv: Type.Boolean({ description: 'whether the application was sent with a CV' }),
  cvFileId: Nullable(
    Type.Integer({
      description:
        'the CV sent with the application (kept when the candidate later replaces the profile CV); null without one',
    }),
  ),
  cvUrl: Nullable(
    Type.String({
      description:
        'GET /v1/api/files/{cvFileId}: readable by the recruiters of the offer’s company, admins and the candidate',
    }),
  ),
  candidatEmploymentStatus: S(),
  candidatAvailability: S(),
  candidatQualificationLevel: S(),
  candidatSalaryRange: S(),
  candidatCity: S(),
  candidatCountry: S(),
  candidatTelephone: S(),
  offreEmploiId: Type.Integer(),
  offreTitre: Type.String(),
  entrepriseNom: Type.String(),
  entrepriseLogoUrl: S(),
});

/** One change of an application's status (the detail's `statusHistory`). */
export const CandidatureStatusChange = Type.Object({
  oldStatus: Nullable(CandidatureStatusSchema),
  newStatus: CandidatureStatusSchema,
  reason: S(),
  changedAt: DateTime,
});

export const ApplicationDetail = Type.Intersect([
  ApplicationItem,
  Type.Object({
    lettreMotivation: S(),
    statusHistory: Type.Array(CandidatureStatusChange),
  }),
]);

export const MyCandidature = Type.Object({
  id: Type.Integer(),
  status: CandidatureStatusSchema,
  dateCandidature: DateTime,
  lastActionDate: DateTime,
  lettreMotivation: S(),
  offreId: Type.Integer(),
  offreTitre: Type.String(),
  offreStatus: StringEnum(OFFRE_STATUSES),
  localisation: S(),
  contractType: StringEnum(CONTRACT_TYPES),
  entrepriseId: Type.Integer(),
  entrepriseNom: Type.String(),
  entrepriseLogoUrl: S(),
});

export const Note = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  createdAt: DateTime,
  recruteurId: Nullable(Type.Integer()),
  recruteurNom: S(),
  recruteurPrenom: S(),
});
