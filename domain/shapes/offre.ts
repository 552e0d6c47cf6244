/**
 * The offer (OffreEmploiResponse) and what a recruiter may write on one: the API's answer and body
 * schemas and, as their static types, the domain's OffreView and OffreInput.
 */
import Type from 'typebox';
import { DateOnly, DateTime, Id, Nullable, StringEnum } from './common.ts';
import { EntrepriseShape } from './entreprise.ts';
import { OffreModerationShape } from './trust.ts';
import { CONTRACT_TYPES, OFFRE_STATUSES } from '../../models/offre.ts';

export const ContractTypeSchema = StringEnum(CONTRACT_TYPES);
export const OffreStatusSchema = StringEnum(OFFRE_STATUSES);
const Money = Type.Integer({ minimum: 0, maximum: 1_000_000_000_000 });
const entrepriseOnly =
  'null unless the caller is an ACTIVE recruiter of the offer’s company or an admin (anonymous callers and candidates never see it)';
const PipelineCounter = (status: string) =>
  Nullable(Type.Integer({ minimum: 0, description: `applications in status ${status}; ${entrepriseOnly}` }));

export const Offre = Type.Object({
  id: Type.Integer(),
  titre: Type.String(),
  departement: Nullable(Type.String()),
  localisation: Nullable(Type.String()),
  villeId: Nullable(
    Type.Integer({ description: 'city of the offer (extra field, used by the city and region filters)' }),
  ),
  contractType: ContractTypeSchema,
  description: Nullable(Type.String()),
  experience: Nullable(Type.String()),
  competences: Type.Array(Type.String()),
  salaireMin: Nullable(Type.Integer()),
  salaireMax: Nullable(Type.Integer()),
  remotePossible: Type.Boolean(),
  deadline: Nullable(DateOnly),
  status: OffreStatusSchema,
  publishedAt: Nullable(DateTime),
  createdAt: DateTime,
  updatedAt: DateTime,
  entreprise: Nullable(EntrepriseShape),
  recruteurId: Nullable(Type.Integer()),
  recruteurNom: Nullable(Type.String({ description: 'full name of the recruiter who created the offer' })),
  recruteurEmail: Nullable(
    Type.String({ description: `email of the recruiter who created the offer; ${entrepriseOnly}` }),
  ),
  totalCandidatures: Type.Integer({ minimum: 0, description: 'number of applications, seen by everyone' }),
  nouveaux: PipelineCounter('NEW'),
  enCours: PipelineCounter('IN_PROGRESS'),
  rencontres: PipelineCounter('MET'),
  refuses: PipelineCounter('REJECTED'),
  embauches: PipelineCounter('HIRED'),
  arencontrer: PipelineCounter('TO_MEET'),
  moderation: Type.Optional(OffreModerationShape),
});

const text = (max: number) => Nullable(Type.String({ maxLength: max }));

const writable = {
  departement: Type.Optional(text(150)),
  localisation: Type.Optional(text(200)),
  villeId: Type.Optional(Nullable(Id)),
  description: Type.Optional(text(20000)),
  experience: Type.Optional(text(150)),
  competences: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 30 })),
  salaireMin: Type.Optional(Nullable(Money)),
  salaireMax: Type.Optional(Nullable(Money)),
  remotePossible: Type.Optional(Type.Boolean()),
  deadline: Type.Optional(Nullable(DateOnly)),
};

const monthlyXaf = (example: number) =>
  Type.Integer({
    minimum: 0,
    maximum: 1_000_000_000_000,
    description: 'monthly, in XAF',
    examples: [example],
  });

/** A realistic offer, what "Try it out" proposes in the API reference. */
const CREATE_EXAMPLE = {
  titre: 'Comptable confirmé(e)',
  contractType: 'CDI',
  departement: 'Finance',
  localisation: 'Douala',
  description:
    'Vous tenez la comptabilité générale et fiscale (SYSCOHADA), préparez les déclarations mensuelles (TVA, IRPP, CNPS) et les états financiers annuels.',
  experience: '3 à 5 ans',
  competences: ['SYSCOHADA', 'Sage Saari', 'Fiscalité camerounaise', 'Excel'],
  salaireMin: 250000,
  salaireMax: 400000,
  remotePossible: false,
};

/** Body of POST /offres. */
export const OffreCreateBody = Type.Object(
  {
    titre: Type.String({ minLength: 1, maxLength: 200, examples: [CREATE_EXAMPLE.titre] }),
    contractType: StringEnum(CONTRACT_TYPES, { examples: [CREATE_EXAMPLE.contractType] }),
    ...writable,
    salaireMin: Type.Optional(Nullable(monthlyXaf(CREATE_EXAMPLE.salaireMin))),
    salaireMax: Type.Optional(Nullable(monthlyXaf(CREATE_EXAMPLE.salaireMax))),
  },
  { additionalProperties: false, examples: [CREATE_EXAMPLE] },
);

/** Body of PUT /offres/{offreId}: every field optional; left out keeps, null clears. */
export const OffreUpdateBody = Type.Object(
  {
    titre: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    contractType: Type.Optional(ContractTypeSchema),
    ...writable,
  },
  { additionalProperties: false },
);

/** One autocomplete suggestion (GET /offres/autocomplete). */
export const Suggestion = Type.Object({
  type: StringEnum(['TITRE', 'COMPETENCE', 'ENTREPRISE']),
  value: Type.String(),
});
