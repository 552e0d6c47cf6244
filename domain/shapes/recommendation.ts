/**
 * Recommendations as the API shows them: the reasons of a match (its score, the parts of the
 * score, what matched and what is missing, the feedback that moved it), an offer recommended to a
 * candidate, a candidate suggested for an offer, a candidate's matching preferences, a dismissal,
 * and the table of weights.
 */
import Type from 'typebox';
import { DateTime, Nullable, StringEnum } from './common.ts';

const CONTRACTS = ['CDI', 'CDD', 'FREELANCE', 'STAGE'] as const;
const n = (description: string) => Type.Number({ description });

export const ScoreParts = Type.Object(
  {
    title: n(
      'title part: weight 0.30 x (0.7 x share of the candidate job-title concepts found in the offer title + 0.3 x the reverse share)',
    ),
    skills: n("skills part: weight 0.30 x share of the offer's skills the candidate has"),
    location: n(
      'location part: weight 0.15 x (same city 1; else 1 - distance/200 km, at least 0.5 in the same region; a remote offer for a candidate wishing remote work 1)',
    ),
    level: n(
      'experience part: weight 0.10 x (1 when the level covers the years asked; less when short; 0.5 when either side says nothing)',
    ),
    salary: n(
      "salary part: weight 0.05 x (1 when the offer's top salary reaches the expected minimum; the ratio below; 0.5 when unknown)",
    ),
    contract: n(
      "contract part: weight 0.03 x (1 when the offer's contract is one of the candidate's; 0.5 without a preference)",
    ),
    remote: n(
      'remote part: weight 0.04 x (1 remote-possible offer for a candidate wishing remote work, 0 not remote, 0.5 indifferent)',
    ),
    language: n(
      "language part: weight 0.03 x (1 when the offer is written in the language of the candidate's account)",
    ),
  },
  {
    description:
      'Each part already multiplied by its weight; their sum is the match before feedback (0 to 1).',
  },
);

export const Matched = Type.Object(
  {
    title: Type.Boolean({
      description:
        "at least half of the candidate's job-title concepts (idf-weighted) are in the offer title, synonyms and the bilingual title table included",
    }),
    skills: Type.Array(Type.String(), {
      description: "the offer's skills (as the offer writes them) that the candidate has",
    }),
    city: Nullable(Type.String({ description: 'the city, when both are in the same city' })),
    region: Nullable(Type.String({ description: 'the region, when both are in the same region' })),
    distanceKm: Nullable(
      Type.Integer({ description: 'great-circle distance between the two cities, when both are known' }),
    ),
    level: Nullable(
      Type.Boolean({
        description: 'the experience level covers the years asked; null when either side says nothing',
      }),
    ),
    salary: Nullable(
      Type.Boolean({
        description:
          "the offer's top salary reaches the candidate's expected minimum; null when either is unknown",
      }),
    ),
    contract: Nullable(
      Type.Boolean({
        description: "the contract is one of the candidate's contract types; null without a preference",
      }),
    ),
    remote: Nullable(
      Type.Boolean({
        description: 'remote work possible, for a candidate who wishes it; null when indifferent',
      }),
    ),
    language: Type.Boolean({
      description: "the offer is written in the language of the candidate's account",
    }),
  },
  { description: 'What matched (green in a frontend).' },
);

export const Missing = Type.Object(
  {
    skills: Type.Array(Type.String(), { description: "the offer's skills the candidate does not have" }),
  },
  { description: 'What is missing (red in a frontend).' },
);

export const FeedbackItem = Type.Object({
  name: Type.String({ description: 'the weight applied, listed by GET /recommandations/poids' }),
  weight: Type.Number(),
  value: Type.Number({ description: '0 to 1: how much the signal applies' }),
  contribution: Type.Number({ description: 'weight x value, added to the score' }),
});

export const Reasons = {
  score: Type.Number({
    description: 'match (sum of parts) plus feedback contributions, at least 0; results are sorted on it',
  }),
  parts: ScoreParts,
  matched: Matched,
  missing: Missing,
  feedback: Type.Array(FeedbackItem, { description: 'the feedback weights that moved this result' }),
};

export const RecommendedOffre = Type.Object({
  offre: Type.Object({
    id: Type.Integer(),
    titre: Type.String(),
    entrepriseId: Type.Integer(),
    entrepriseNom: Type.String(),
    villeId: Nullable(Type.Integer()),
    ville: Nullable(Type.String()),
    contractType: StringEnum(CONTRACTS),
    competences: Type.Array(Type.String()),
    salaireMin: Nullable(Type.Integer()),
    salaireMax: Nullable(Type.Integer()),
    remotePossible: Type.Boolean(),
    publishedAt: Nullable(DateTime),
  }),
  ...Reasons,
});

export const SuggestedCandidat = Type.Object({
  candidat: Type.Object({
    id: Type.Integer(),
    nom: Type.String(),
    prenom: Type.String(),
    jobTitle: Nullable(Type.String()),
    villeId: Nullable(Type.Integer()),
    ville: Nullable(Type.String()),
    experienceLevelId: Nullable(Type.Integer()),
    competences: Type.Array(Type.String()),
    source: StringEnum(['PROFIL_PUBLIC', 'VIVIER'] as const, {
      description:
        'PROFIL_PUBLIC: the candidate made the profile public; VIVIER: a member of one of your pools who accepted it',
    }),
    invited: Type.Boolean({ description: 'already invited to apply to this offer' }),
  }),
  ...Reasons,
});

export const TeletravailEnum = StringEnum(['INDIFFERENT', 'SOUHAITE', 'EXCLUSIF'] as const, {
  description:
    'INDIFFERENT; SOUHAITE: remote offers rank higher and are not limited by the radius; EXCLUSIF: only remote-possible offers',
});

export const RecommendationPreferences = Type.Object({
  contractTypes: Nullable(
    Type.Array(StringEnum(CONTRACTS), {
      description: 'hard filter: only these contracts (null or empty: any)',
    }),
  ),
  salaireMin: Nullable(
    Type.Integer({
      minimum: 0,
      maximum: 100000000,
      description: 'hard filter: offers whose top salary is known and lower are left out (XAF a month)',
    }),
  ),
  rayonKm: Nullable(
    Type.Integer({
      minimum: 1,
      maximum: 2000,
      description:
        "hard filter: offers farther from the profile's city are left out (needs the profile's city)",
    }),
  ),
  teletravail: TeletravailEnum,
  visibleRecruteurs: Type.Boolean({
    description: 'false: never suggested to any company (even those whose pool you joined)',
  }),
  invitationsAcceptees: Type.Boolean({ description: 'false: companies may not invite you to apply' }),
  digestHebdo: Type.Boolean({
    description:
      'a weekly "offers for you" email (Mondays 08:00 Cameroon time, offers never sent before; plus one SMS when your confirmed mobile takes SMS)',
  }),
});

export const RecommendationPreferencesUpdate = Type.Object(
  {
    contractTypes: Type.Optional(Nullable(Type.Array(StringEnum(CONTRACTS), { maxItems: 4 }))),
    salaireMin: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100000000 }))),
    rayonKm: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2000 }))),
    teletravail: Type.Optional(TeletravailEnum),
    visibleRecruteurs: Type.Optional(Type.Boolean()),
    invitationsAcceptees: Type.Optional(Type.Boolean()),
    digestHebdo: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const DISMISS_REASON_VALUES = [
  'METIER',
  'COMPETENCES',
  'LIEU',
  'SALAIRE',
  'CONTRAT',
  'ENTREPRISE',
  'AUTRE',
] as const;

export const Dismissal = Type.Object({
  offreId: Type.Integer(),
  titre: Type.String(),
  reason: StringEnum(DISMISS_REASON_VALUES),
  comment: Nullable(Type.String()),
  dismissedAt: DateTime,
});

export const WeightsTable = Type.Object({
  parts: Type.Array(Type.Object({ name: Type.String(), weight: Type.Number(), description: Type.String() })),
  feedback: Type.Array(
    Type.Object({ name: Type.String(), weight: Type.Number(), description: Type.String() }),
  ),
});

export const InvitationResult = Type.Object({
  offreId: Type.Integer(),
  candidatId: Type.Integer(),
  invitedAt: DateTime,
  remainingToday: Type.Integer({
    description: "invitations the company may still send today (Cameroon's calendar day)",
  }),
});
