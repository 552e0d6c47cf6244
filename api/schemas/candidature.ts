/** Applications: the Application list item and note, the detail, the candidate's own view, saved jobs, dashboards. */
import Type from 'typebox';
import { Nullable, PageQuery } from './common.ts';
import { CANDIDATURE_STATUSES } from '../../models/candidature.ts';
import { OFFRE_STATUSES } from '../../models/offre.ts';
import { CandidatureStatusSchema } from '../../domain/shapes/candidature.ts';
import { Verification } from '../../domain/shapes/trust.ts';

export {
  ApplicationDetail,
  ApplicationItem,
  CandidatureStatusSchema,
  MyCandidature,
  Note,
} from '../../domain/shapes/candidature.ts';
export { SavedJob } from '../../domain/shapes/saved-job.ts';

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

const byStatus = (statuses: readonly string[]) =>
  Type.Object(Object.fromEntries(statuses.map((s) => [s, Type.Integer()])));

export const CandidatDashboard = Type.Object({
  candidaturesTotal: Type.Integer(),
  candidaturesByStatus: byStatus(CANDIDATURE_STATUSES),
  savedJobsCount: Type.Integer(),
  activeAlertsCount: Type.Integer(),
  profileCompletionPercent: Type.Integer({ minimum: 0, maximum: 100 }),
  profileMissing: Type.Array(Type.String()),
  companiesAppliedTo: Type.Array(
    Type.Object({
      entrepriseId: Type.Integer(),
      nomEntreprise: Type.String(),
      candidatures: Type.Integer({ description: 'applications of the candidate to this company' }),
      lastAppliedAt: Type.String({ format: 'date-time' }),
      verification: Verification,
    }),
    {
      description:
        'the companies the candidate applied to, most recent application first (at most 50), each with its verification: how the platform checked the employer',
    },
  ),
});

export const RecruteurDashboard = Type.Object({
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
