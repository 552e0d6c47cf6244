/**
 * The candidate profile as the API shows it, private (GET/PUT /candidats/me) and public (GET
 * /public/candidats/{id}), and the body of PUT /candidats/me: the API's schemas and, as their
 * static types, the domain's CandidatProfile, PublicCandidatProfile and ProfileInput.
 */
import Type from 'typebox';
import { DateTime, Nullable } from './common.ts';
import { Langue } from './auth.ts';

const Text = (maxLength: number) => Nullable(Type.String({ maxLength }));

export const CandidatProfile = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  nom: Type.String(),
  prenom: Type.String(),
  telephone: Nullable(Type.String()),
  langue: Langue,
  jobTitle: Nullable(Type.String()),
  experienceLevelId: Nullable(Type.Integer()),
  employmentStatus: Nullable(Type.String()),
  availability: Nullable(Type.String()),
  qualificationLevel: Nullable(Type.String()),
  salaryRange: Nullable(Type.String()),
  villeId: Nullable(Type.Integer()),
  villeNom: Nullable(Type.String()),
  country: Nullable(Type.String()),
  competences: Type.Array(Type.String()),
  bio: Nullable(Type.String()),
  profilPublic: Type.Boolean(),
  cvUrl: Nullable(Type.String()),
  photoUrl: Nullable(Type.String()),
  notifications: Type.Object(
    {
      candidatureRecue: Type.Boolean({ description: 'email when an application of mine is sent' }),
      statutCandidature: Type.Boolean({
        description: 'email when an application of mine moves (in progress, interview, hired, rejected)',
      }),
    },
    { description: 'the application emails this candidate receives (each has its unsubscribe link)' },
  ),
  createdAt: DateTime,
  updatedAt: DateTime,
});

export const PublicCandidatProfile = Type.Object(
  {
    id: Type.Integer(),
    nom: Type.String(),
    prenom: Type.String(),
    jobTitle: Nullable(Type.String()),
    experienceLevelId: Nullable(Type.Integer()),
    availability: Nullable(Type.String()),
    qualificationLevel: Nullable(Type.String()),
    villeId: Nullable(Type.Integer()),
    villeNom: Nullable(Type.String()),
    country: Nullable(Type.String()),
    competences: Type.Array(Type.String()),
    bio: Nullable(Type.String()),
    photoUrl: Nullable(Type.String()),
  },
  { description: 'Never email, phone, salary expectations or CV' },
);

/** PUT /candidats/me: every field optional; left out keeps, null clears. */
export const CandidatProfileUpdate = Type.Object({
  nom: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  prenom: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  telephone: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 30,
        description: 'any common writing; stored and answered in E.164 (+237699999999)',
      }),
    ),
  ),
  jobTitle: Type.Optional(Text(150)),
  experienceLevelId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  employmentStatus: Type.Optional(Text(60)),
  availability: Type.Optional(Text(60)),
  qualificationLevel: Type.Optional(Text(60)),
  salaryRange: Type.Optional(Text(60)),
  villeId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  country: Type.Optional(Text(80)),
  competences: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
  bio: Type.Optional(Text(5000)),
  profilPublic: Type.Optional(Type.Boolean()),
  langue: Type.Optional(Langue),
  notifications: Type.Optional(
    Type.Object(
      {
        candidatureRecue: Type.Optional(Type.Boolean()),
        statutCandidature: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false, description: 'application emails to turn on or off; left out keeps' },
    ),
  ),
});
