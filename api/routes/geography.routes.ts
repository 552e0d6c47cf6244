/** Geography: public, bare answers, cacheable for 24 hours with an ETag. */
import Type from 'typebox';
import { defineRoutes, route } from '../http/route.ts';
import { sendReference } from '../http/reference-answer.ts';
import { Id, Nullable } from '../schemas/common.ts';
import { Region, Ville, VilleDetail } from '../schemas/geography.ts';
import {
  getVille,
  listQuartiers,
  listRegions,
  listVilles,
  listVillesOfRegion,
} from '../../domain/geography/read-geography.ts';
import { searchVilles } from '../../domain/geography/search-villes.ts';
import { reverseGeocode } from '../../domain/geography/reverse-geocode.ts';

const tag = 'Géographie';
const cache = 'Cacheable: `Cache-Control: public, max-age=86400` and an ETag (304 on If-None-Match).';

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/regions',
    tag,
    summary: 'The 10 regions of Cameroon',
    description: cache,
    access: 'public',
    envelope: false,
    response: Type.Array(Region),
    handler: ({ ctx, koa, deps }) => sendReference(koa, deps, 'GEOGRAPHY', 'regions', () => listRegions(ctx)),
  }),
  route({
    method: 'get',
    path: '/regions/{id}/villes',
    tag,
    summary: 'Cities of a region',
    description: cache,
    access: 'public',
    envelope: false,
    params: Type.Object({ id: Id }),
    response: Type.Array(Ville),
    handler: ({ ctx, koa, deps, params }) =>
      sendReference(koa, deps, 'GEOGRAPHY', `regions/${params.id}/villes`, () =>
        listVillesOfRegion(ctx, params.id),
      ),
  }),
  route({
    method: 'get',
    path: '/villes',
    tag,
    summary: 'All main cities',
    description: cache,
    access: 'public',
    envelope: false,
    response: Type.Array(Ville),
    handler: ({ ctx, koa, deps }) => sendReference(koa, deps, 'GEOGRAPHY', 'villes', () => listVilles(ctx)),
  }),
  route({
    method: 'get',
    path: '/villes/search',
    tag,
    summary: 'City suggestions',
    description: `Accent- and case-insensitive, forgives a typo, ranked by similarity with a population boost; at most 10. ${cache}`,
    access: 'public',
    envelope: false,
    query: Type.Object({ q: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
    response: Type.Object({
      suggestions: Type.Array(
        Type.Object({ id: Type.Integer(), nom: Type.String(), regionNom: Type.String() }),
      ),
    }),
    handler: ({ ctx, koa, deps, query }) =>
      sendReference(koa, deps, 'GEOGRAPHY', `villes/search?q=${query.q}`, async () => ({
        suggestions: await searchVilles(ctx, query.q),
      })),
  }),
  route({
    method: 'get',
    path: '/villes/{id}',
    tag,
    summary: 'One city with its number of neighbourhoods',
    description: cache,
    access: 'public',
    envelope: false,
    params: Type.Object({ id: Id }),
    response: VilleDetail,
    handler: ({ ctx, koa, deps, params }) =>
      sendReference(koa, deps, 'GEOGRAPHY', `villes/${params.id}`, () => getVille(ctx, params.id)),
  }),
  route({
    method: 'get',
    path: '/villes/{id}/quartiers',
    tag,
    summary: 'Neighbourhoods of a city',
    description: cache,
    access: 'public',
    envelope: false,
    params: Type.Object({ id: Id }),
    response: Type.Object({
      villeId: Type.Integer(),
      quartiers: Type.Array(Type.Object({ id: Type.Integer(), nom: Type.String(), slug: Type.String() })),
    }),
    handler: ({ ctx, koa, deps, params }) =>
      sendReference(koa, deps, 'GEOGRAPHY', `villes/${params.id}/quartiers`, () =>
        listQuartiers(ctx, params.id),
      ),
  }),
  route({
    method: 'post',
    path: '/geo/reverse',
    leavesPublicAnswers: true,
    tag,
    summary: 'Nearest city (and neighbourhood) of a point',
    description:
      '`distance` is in kilometres from the point to the nearest city. 400 outside -90..90 / -180..180.',
    access: 'public',
    envelope: false,
    body: Type.Object({
      latitude: Type.Number({ minimum: -90, maximum: 90 }),
      longitude: Type.Number({ minimum: -180, maximum: 180 }),
    }),
    response: Type.Object({
      ville: Type.Object({ id: Type.Integer(), nom: Type.String() }),
      quartier: Nullable(Type.Object({ id: Type.Integer(), nom: Type.String() })),
      distance: Type.Number({ description: 'kilometres' }),
    }),
    handler: async ({ ctx, body }) => {
      const { latitude, longitude } = body;
      return reverseGeocode(ctx, latitude, longitude);
    },
  }),
]);
