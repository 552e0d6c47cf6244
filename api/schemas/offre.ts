/** Offer schemas of the API: the offer answer and bodies live in domain/shapes/offre.ts (re-exported here); search items, list filters, suggestions. */
import Type from 'typebox';
import { Id, PageQuery } from './common.ts';
import { ContractTypeSchema, Offre, OffreStatusSchema } from '../../domain/shapes/offre.ts';

export {
  ContractTypeSchema,
  Offre,
  OffreCreateBody,
  OffreStatusSchema,
  OffreUpdateBody,
  Suggestion,
} from '../../domain/shapes/offre.ts';

export const SearchHit = Type.Intersect([
  Offre,
  Type.Object({
    relevanceScore: Type.Number({ description: 'higher is better; 0 when no text was searched' }),
    matchedWords: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'with `q`: how many of its words the offer matched; below `queryWords`, a partial match',
      }),
    ),
    queryWords: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'with `q`: how many words of `q` were searched (stop-words aside)',
      }),
    ),
  }),
]);

export const OffreFilterQuery = {
  contractType: Type.Optional(ContractTypeSchema),
  villeId: Type.Optional(Id),
  regionId: Type.Optional(Id),
  secteurId: Type.Optional(Id),
  remotePossible: Type.Optional(Type.Boolean()),
  verifie: Type.Optional(
    Type.Boolean({
      description:
        'true: offers of verified employers only (entreprise.verification.status VERIFIED); false: the others',
    }),
  ),
  salaireMin: Type.Optional(
    Type.Integer({ minimum: 0, description: 'keeps offers whose salaireMax >= this value' }),
  ),
  salaireMax: Type.Optional(
    Type.Integer({ minimum: 0, description: 'keeps offers whose salaireMin <= this value' }),
  ),
};

export const PublicOffresQuery = Type.Object(
  { ...PageQuery, ...OffreFilterQuery },
  { additionalProperties: false },
);

export const SearchQuery = Type.Object(
  {
    q: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'words to find; absent or blank: every published offer, newest first',
      }),
    ),
    ...PageQuery,
    ...OffreFilterQuery,
  },
  { additionalProperties: false },
);

export const MyOffresQuery = Type.Object(
  { ...PageQuery, status: Type.Optional(OffreStatusSchema) },
  { additionalProperties: false },
);
