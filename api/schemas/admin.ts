/** Response and input schemas of the administration routes. */
import Type from 'typebox';
import { CANDIDATURE_STATUSES } from '../../models/candidature.ts';
import { PLANS } from '../../models/entreprise.ts';
import { OFFRE_STATUSES } from '../../models/offre.ts';
import { RECRUTEUR_STATUSES } from '../../models/recruteur.ts';

export {
  AdminCandidat,
  AdminCandidature,
  AdminEntreprise,
  AdminOffre,
  AdminProfile,
  AdminRecruteur,
  AuditLog,
  CandidatDuplicateGroup,
  ENTREPRISE_STATUS_VALUES,
} from '../../domain/shapes/admin.ts';

export const RECRUTEUR_STATUS_FILTER = [
  'PENDING_EMAIL',
  'PENDING_DOCS',
  'PENDING_APPROVAL',
  'PENDING',
  'ACTIVE',
  'REJECTED',
  'SUSPENDED',
];

const counts = (keys: string[]) => Type.Object(Object.fromEntries(keys.map((k) => [k, Type.Integer()])));

export const AdminStats = Type.Object({
  since: Type.String({ format: 'date-time', description: 'start of "this week": 7 days before now' }),
  candidates: Type.Object({
    total: Type.Integer(),
    enabled: Type.Integer(),
    disabled: Type.Integer(),
    newThisWeek: Type.Integer(),
  }),
  recruiters: Type.Object({
    total: Type.Integer(),
    byStatus: counts(RECRUTEUR_STATUSES),
    newThisWeek: Type.Integer(),
  }),
  entreprises: Type.Object({
    total: Type.Integer(),
    byPlan: counts(PLANS),
    newThisWeek: Type.Integer(),
  }),
  offres: Type.Object({
    total: Type.Integer(),
    byStatus: counts(OFFRE_STATUSES),
    newThisWeek: Type.Integer(),
  }),
  candidatures: Type.Object({
    total: Type.Integer(),
    byStatus: counts(CANDIDATURE_STATUSES),
    newThisWeek: Type.Integer(),
  }),
});

export const AdminChart = Type.Object({
  data: Type.Array(
    Type.Object({
      date: Type.String({ format: 'date' }),
      candidates: Type.Integer(),
      recruiters: Type.Integer(),
    }),
  ),
  stats: Type.Object({
    currentCandidates: Type.Integer(),
    currentRecruiters: Type.Integer(),
    candidatesChangePercent: Type.Number(),
    recruitersChangePercent: Type.Number(),
  }),
});
