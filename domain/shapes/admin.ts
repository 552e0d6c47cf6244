/**
 * What the administration lists show (candidates and their probable duplicates, recruiters,
 * companies, offers, applications, administrators, the audit log): the API's answer schemas and,
 * as their static types, the domain's admin views.
 */
import Type from 'typebox';
import { DateTime, Nullable, StringEnum } from './common.ts';
import { Langue } from './auth.ts';
import { CandidatureStatusSchema } from './candidature.ts';
import { ContractTypeSchema, OffreStatusSchema } from './offre.ts';
import { PLANS } from '../../models/entreprise.ts';
import { RECRUTEUR_STATUSES } from '../../models/recruteur.ts';

const S = () => Nullable(Type.String());

export const ENTREPRISE_STATUS_VALUES = ['ACTIVE', 'DISABLED'] as const;

export const AdminCandidat = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  nom: Type.String(),
  prenom: Type.String(),
  telephone: S(),
  enabled: Type.Boolean(),
  emailVerified: Type.Boolean(),
  profilPublic: Type.Boolean(),
  candidaturesCount: Type.Integer(),
  createdAt: DateTime,
  lastLoginAt: Nullable(DateTime),
});

/** One candidate of a duplicate group. */
export const DuplicateCandidat = Type.Object({
  id: Type.Integer(),
  nom: Type.String(),
  prenom: Type.String(),
  email: Type.String(),
  telephone: S(),
  createdAt: DateTime,
  lastLoginAt: Nullable(DateTime),
});

export const CandidatDuplicateGroup = Type.Object({
  key: Type.String({ description: 'the shared phone number (E.164) or Gmail mailbox (no dots, no +tag)' }),
  reason: StringEnum(['PHONE', 'EMAIL']),
  candidates: Type.Array(DuplicateCandidat, { description: 'oldest account first' }),
});

export const AdminRecruteur = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  nom: Type.String(),
  prenom: Type.String(),
  telephone: S(),
  posteOccupe: S(),
  status: StringEnum(RECRUTEUR_STATUSES),
  companyRole: StringEnum(['OWNER', 'MEMBER']),
  enabled: Type.Boolean(),
  emailVerified: Type.Boolean(),
  entrepriseId: Type.Integer(),
  entrepriseNom: Type.String(),
  createdAt: DateTime,
});

export const AdminEntreprise = Type.Object({
  id: Type.Integer(),
  nomEntreprise: Type.String(),
  secteurActiviteId: Nullable(Type.Integer()),
  secteurActivite: S(),
  description: S(),
  plan: StringEnum(PLANS),
  status: StringEnum(ENTREPRISE_STATUS_VALUES),
  totalRecruitersCount: Type.Integer(),
  validatedRecruitersCount: Type.Integer(),
  offresCount: Type.Integer(),
  publishedOffresCount: Type.Integer(),
  createdAt: DateTime,
  updatedAt: DateTime,
});

export const AdminOffre = Type.Object({
  id: Type.Integer(),
  titre: Type.String(),
  status: OffreStatusSchema,
  contractType: ContractTypeSchema,
  entrepriseId: Type.Integer(),
  entrepriseNom: Type.String(),
  recruteurId: Nullable(Type.Integer()),
  recruteurEmail: S(),
  totalCandidatures: Type.Integer(),
  deadline: Nullable(Type.String({ format: 'date' })),
  publishedAt: Nullable(DateTime),
  createdAt: DateTime,
  updatedAt: DateTime,
});

export const AdminCandidature = Type.Object({
  id: Type.Integer(),
  status: CandidatureStatusSchema,
  dateCandidature: DateTime,
  lastActionDate: DateTime,
  candidatId: Nullable(
    Type.Integer({ description: 'null once the candidate deleted the account (anonymised)' }),
  ),
  candidatNom: S(),
  candidatPrenom: S(),
  candidatEmail: S(),
  offreId: Type.Integer(),
  offreTitre: Type.String(),
  entrepriseId: Type.Integer(),
  entrepriseNom: Type.String(),
  cvFileId: Nullable(Type.Integer({ description: 'the CV sent with the application; null without one' })),
  cvUrl: S(),
});

export const AdminProfile = Type.Object({
  id: Type.Integer(),
  nom: Type.String(),
  prenom: Type.String(),
  email: Type.String(),
  telephone: S(),
  niveauAcces: Type.String(),
  langue: Langue,
  enabled: Type.Boolean(),
  roles: Type.Array(StringEnum(['ADMIN', 'SUPER_ADMIN'])),
  createdAt: DateTime,
  updatedAt: DateTime,
});

export const AuditLog = Type.Object({
  id: Type.Integer(),
  actorType: StringEnum(['account', 'system']),
  actorId: Type.String({ description: 'account id, or e.g. cli:<os user> / job:<name> for system actors' }),
  actorEmail: S(),
  action: Type.String({ description: 'e.g. candidate.disabled, sector.created, blog.comment.approved' }),
  targetType: S(),
  targetId: S(),
  ip: Nullable(Type.String({ description: "client address, or 'cli' for the operator CLI" })),
  createdAt: DateTime,
});
