/** Schemas of authentication, registration and the recruiter lifecycle. */
import Type from 'typebox';
import { DateTime, Id, Nullable, StringEnum } from './common.ts';
import { RECRUTEUR_STATUSES } from '../../models/recruteur.ts';
import { LANGUES } from '../../models/account.ts';
import { Langue } from '../../domain/shapes/auth.ts';

export { Langue, TokenPair } from '../../domain/shapes/auth.ts';
export {
  PendingRecruteur,
  RecruteurProfile,
  RecruteurProfileUpdate,
  StatusHistoryEntry,
} from '../../domain/shapes/recruteur.ts';

const Text = (max: number, opts: Record<string, unknown> = {}) =>
  Type.String({ minLength: 1, maxLength: max, ...opts });
const Email = Type.String({
  minLength: 3,
  maxLength: 254,
  description: 'trimmed and lower-cased; unique across all accounts',
});
const Password = Type.String({ minLength: 8, maxLength: 200, description: 'at least 8 characters' });
const RecruteurStatus = StringEnum(RECRUTEUR_STATUSES);

const RegistrationLangue = Type.Optional(
  StringEnum([...LANGUES], {
    description:
      'language of the emails sent to this account; when left out, the language chosen by Accept-Language (fr by default)',
  }),
);

export const LoginBody = Type.Object({ email: Text(254), password: Text(200) });

export const RefreshBody = Type.Object({ refreshToken: Text(2000) });
export const LogoutBody = Type.Object({ refreshToken: Type.Optional(Text(2000)) });
export const ForgotPasswordBody = Type.Object({ email: Text(254) });
export const ResetPasswordBody = Type.Object({ token: Text(200), newPassword: Password });
/** The reset page's form, posted by a browser without script (urlencoded: every value a string). */
export const ResetPasswordForm = Type.Object({ token: Text(200), password: Password, confirm: Text(200) });
export const ValidateEmailQuery = Type.Object({ token: Text(200) });

export const ValidatedEmail = Type.Object({
  accountId: Type.Integer(),
  email: Type.String(),
  role: StringEnum(['CANDIDAT', 'RECRUTEUR', 'ADMIN', 'SUPER_ADMIN']),
  emailVerified: Type.Boolean(),
  recruiterStatus: Nullable(RecruteurStatus),
});

export const CandidatRegistrationBody = Type.Object({
  email: Email,
  password: Password,
  nom: Text(100),
  prenom: Text(100),
  telephone: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
  langue: RegistrationLangue,
});

export const RegisteredCandidat = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  nom: Type.String(),
  prenom: Type.String(),
  telephone: Nullable(Type.String()),
  langue: Langue,
  role: StringEnum(['CANDIDAT']),
  emailVerified: Type.Boolean(),
  createdAt: DateTime,
});

export const NewEntrepriseBody = Type.Object({
  nomEntreprise: Text(200),
  secteurActiviteId: Id,
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  anneeCreation: Type.Optional(Nullable(Type.Integer({ minimum: 1800, maximum: 2100 }))),
  nombreCollaborateurs: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  villeId: Type.Optional(Nullable(Id)),
  quartier: Type.Optional(Nullable(Type.String({ maxLength: 150 }))),
  codePostal: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
});

export const RecruteurRegistrationBody = Type.Object(
  {
    email: Email,
    password: Password,
    nom: Text(100),
    prenom: Text(100),
    telephone: Text(30),
    posteOccupe: Text(150),
    entreprise: Type.Optional(NewEntrepriseBody),
    invitationToken: Type.Optional(
      Text(200, { description: 'from POST /recruiters/company/members/invite; replaces entreprise' }),
    ),
    langue: RegistrationLangue,
  },
  {
    description:
      'Exactly one of `entreprise` (new company, the recruiter is its OWNER) and `invitationToken` (join as MEMBER).',
  },
);

export const ReasonBody = Type.Object({ reason: Text(2000) });
export const OptionalReasonBody = Type.Object({
  reason: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
});
