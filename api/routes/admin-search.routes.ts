/** Admin - Recherche: the synonym groups that search, autocomplete and job alerts use. */
import Type from 'typebox';
import { defineRoutes, Reply, route } from '../http/route.ts';
import { Empty, Id } from '../schemas/common.ts';
import {
  addSynonymGroup,
  deleteSynonymGroup,
  listSynonymGroups,
  MAX_LIST_LIMIT,
  MAX_TERM_LENGTH,
  MAX_TERMS,
  MIN_TERMS,
} from '../../domain/search/synonym-groups.ts';

const tag = 'Admin - Recherche';
const ADMINS = ['ADMIN', 'SUPER_ADMIN'] as const;

const SynonymGroup = Type.Object({
  id: Type.Integer(),
  terms: Type.Array(Type.String(), { description: 'equivalent terms; a term may hold several words' }),
});
const SynonymBody = Type.Object(
  {
    terms: Type.Array(Type.String({ minLength: 1, maxLength: MAX_TERM_LENGTH }), {
      minItems: MIN_TERMS,
      maxItems: MAX_TERMS,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);
const freshness =
  'A change is used by the searches of every API instance within 2 seconds (each reads the search journal every second).';

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/admin/search/synonyms',
    tag,
    summary: 'Synonym groups of the search',
    description:
      'A query word matches any term of its group (compared after analysis: case, accents, plural and feminine forms ignored); a multi-word term counts as one query word and matches a field holding all its words. Groups come in id order. With `limit`, a page of them: the next page is `afterId` = the last id received, and an answer shorter than `limit` is the last page; `q` keeps the groups with a term containing it.',
    access: ADMINS,
    query: Type.Object(
      {
        limit: Type.Optional(
          Type.Integer({
            minimum: 1,
            maximum: MAX_LIST_LIMIT,
            description: `At most this many groups (1 to ${MAX_LIST_LIMIT}); absent: every group, as before (thousands once the shipped sets are seeded)`,
          }),
        ),
        afterId: Type.Optional(
          Type.Integer({
            minimum: 0,
            description: 'Only groups with a greater id: pass the last id of a page to get the next one',
          }),
        ),
        q: Type.Optional(
          Type.String({
            maxLength: MAX_TERM_LENGTH,
            description: 'Only groups with a term containing this text (case and accents ignored)',
          }),
        ),
      },
      { additionalProperties: false },
    ),
    response: Type.Array(SynonymGroup),
    handler: ({ ctx, query }) => listSynonymGroups(ctx, query),
  }),
  route({
    method: 'post',
    path: '/admin/search/synonyms',
    tag,
    summary: 'Add a synonym group',
    description: `${MIN_TERMS} to ${MAX_TERMS} distinct terms (case and accents ignored), else 400 VALIDATION_ERROR. ${freshness} Audited.`,
    access: ADMINS,
    body: SynonymBody,
    response: SynonymGroup,
    handler: async ({ ctx, body }) => new Reply(await addSynonymGroup(ctx, body), 'Synonym group created'),
  }),
  route({
    method: 'delete',
    path: '/admin/search/synonyms/{id}',
    tag,
    summary: 'Delete a synonym group',
    description: `Answers \`data: {}\`. ${freshness} Audited.`,
    access: ADMINS,
    params: Type.Object({ id: Id }),
    response: Empty,
    handler: async ({ ctx, params }) => {
      await deleteSynonymGroup(ctx, params.id);
      return new Reply({}, 'Synonym group deleted');
    },
  }),
]);
