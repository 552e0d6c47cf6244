/** Applications: the Application list item and note, the detail, the candidate's own view, saved jobs, dashboards. */
import Type from 'typebox';
import { DateTime, Nullable, PageQuery, StringEnum } from './common.ts';
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
  hasCv: Type.Boolean(),
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

export const ApplicationDetail = Type.Intersect([
  ApplicationItem,
  Type.Object({
    lettreMotivation: S(),
    statusHistory: Type.Array(
      Type.Object({
        oldStatus: Nullable(CandidatureStatusSchema),
        newStatus: CandidatureStatusSchema,
        reason: S(),
        changedAt: DateTime,
      }),
    ),
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

export const ApplyBody = Type.Object(
  {
    offreId: Type.Integer({ minimum: 1 }),
    lettreMotivation: Type.Optional(Nullable(Type.String({ maxLength: 10000 }))),
  },
  { additionalProperties: false },
);

export const StatusBody = Type.Object(
  { status: CandidatureStatusSchema, reason: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))) },
  { additionalProperties: false },
);

export const NoteBody = Type.Object(
  { content: Type.String({ minLength: 1, maxLength: 5000 }) },
  { additionalProperties: false },
);

export const MyCandidaturesQuery = Type.Object(
  { ...PageQuery, status: Type.Optional(CandidatureStatusSchema) },
  { additionalProperties: false },
);

export const StatusFilterQuery = Type.Object(
  { status: Type.Optional(CandidatureStatusSchema) },
  { additionalProperties: false },
);

export const SavedJob = Type.Object({
  offreId: Type.Integer(),
  savedAt: DateTime,
  offreStatus: StringEnum([...OFFRE_STATUSES, 'DELETED'], {
    description: 'DELETED: the offer no longer exists',
  }),
  titre: S(),
  entrepriseId: Nullable(Type.Integer()),
  entrepriseNom: S(),
  entrepriseLogoUrl: S(),
  localisation: S(),
  contractType: Nullable(StringEnum(CONTRACT_TYPES)),
  salaireMin: Nullable(Type.Integer()),
  salaireMax: Nullable(Type.Integer()),
  remotePossible: Nullable(Type.Boolean()),
  deadline: Nullable(Type.String({ format: 'date' })),
  publishedAt: Nullable(DateTime),
});

const byStatus = (statuses: readonly string[]) =>
  Type.Object(Object.fromEntries(statuses.map((s) => [s, Type.Integer()])));

export const CandidateDashboard = Type.Object({
  candidaturesTotal: Type.Integer(),
  candidaturesByStatus: byStatus(CANDIDATURE_STATUSES),
  savedJobsCount: Type.Integer(),
  activeAlertsCount: Type.Integer(),
  profileCompletionPercent: Type.Integer({ minimum: 0, maximum: 100 }),
  profileMissing: Type.Array(Type.String()),
});

export const RecruiterDashboard = Type.Object({
  offresTotal: Type.Integer(),
  offresByStatus: byStatus(OFFRE_STATUSES),
  candidaturesTotal: Type.Integer(),
  candidaturesByStatus: byStatus(CANDIDATURE_STATUSES),
  candidaturesParJour: Type.Array(
    Type.Object({ date: Type.String({ format: 'date' }), count: Type.Integer() }),
    {
      minItems: 30,
      maxItems: 30,
    },
  ),
});
