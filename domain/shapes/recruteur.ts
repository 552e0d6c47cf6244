/**
 * A recruiter as the API shows it: its own profile (GET /recruiters/me), the administrators' item
 * (pending list and admin actions) and a status history entry, plus the body of PUT /recruiters/me.
 * Their static types are the domain's RecruteurProfile, RecruteurAdminItem,
 * RecruteurStatusHistoryEntry and RecruteurProfileInput; RecruteurIdentity is the fields both
 * views start with.
 */
import Type from 'typebox';
import { DateTime, Nullable, StringEnum } from './common.ts';
import { Langue } from './auth.ts';
import { EntrepriseShape } from './entreprise.ts';
import { CANDIDATURE_NOTIFICATIONS, RECRUTEUR_STATUSES } from '../../models/recruteur.ts';

const Text = (max: number, opts: Record<string, unknown> = {}) =>
  Type.String({ minLength: 1, maxLength: max, ...opts });

const recruteurIdentity = {
  id: Type.Integer(),
  nom: Type.String(),
  prenom: Type.String(),
  email: Type.String(),
  telephone: Nullable(Type.String()),
  posteOccupe: Nullable(Type.String()),
};

const NotificationsCandidatures = StringEnum(CANDIDATURE_NOTIFICATIONS, {
  description:
    'how this recruiter hears of new applications to its company’s offers: IMMEDIATE (one email each, the default), DAILY_DIGEST (one summary a day) or NONE',
});

export const RecruteurProfile = Type.Object({
  ...recruteurIdentity,
  status: StringEnum(RECRUTEUR_STATUSES),
  role: StringEnum(['OWNER', 'MEMBER']),
  entrepriseId: Type.Integer(),
  langue: Langue,
  notificationsCandidatures: NotificationsCandidatures,
});

/** PUT /recruiters/me: only the fields sent change. */
export const RecruteurProfileUpdate = Type.Object(
  {
    nom: Type.Optional(Text(100)),
    prenom: Type.Optional(Text(100)),
    telephone: Type.Optional(
      Text(30, { description: 'any common writing; stored and answered in E.164 (+237699999999)' }),
    ),
    posteOccupe: Type.Optional(Nullable(Type.String({ maxLength: 150 }))),
    langue: Type.Optional(Langue),
    notificationsCandidatures: Type.Optional(NotificationsCandidatures),
  },
  { minProperties: 1 },
);

export const PendingRecruteur = Type.Object({
  ...recruteurIdentity,
  status: StringEnum(RECRUTEUR_STATUSES, {
    description:
      'the real state; PENDING_APPROVAL for those awaiting approval (PENDING is accepted as its alias in filters)',
  }),
  entreprise: Nullable(EntrepriseShape),
  createdAt: DateTime,
});

export const StatusHistoryEntry = Type.Object({
  id: Type.Integer(),
  oldStatus: Nullable(Type.String()),
  newStatus: Type.String(),
  reason: Nullable(Type.String()),
  changedByEmail: Nullable(Type.String()),
  changedByName: Nullable(Type.String()),
  changedAt: DateTime,
});
