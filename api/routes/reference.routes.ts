/**
 * Public reference data: activity sectors (GET /reference/secteurs-activite) and experience levels,
 * served from the process's reference cache (every instance within 2 s of a change).
 */
import Type from 'typebox';
import { defineRoutes, route } from '../http/route.ts';
import { sendReferenceEnvelope } from '../http/reference-answer.ts';
import { listActiveSecteurs, listExperienceLevels } from '../../domain/reference/read-reference.ts';
import { ExperienceLevel, SecteurPublic } from '../schemas/reference.ts';

const tag = 'Données de référence';
const maxAge = 3600;

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/reference/secteurs-activite',
    tag,
    summary: 'Active activity sectors',
    access: 'public',
    publicCache: { maxAge },
    response: Type.Array(SecteurPublic),
    handler: ({ ctx, koa, deps }) =>
      sendReferenceEnvelope(koa, deps, { kind: 'SECTORS', key: 'secteurs', maxAge }, () =>
        listActiveSecteurs(ctx),
      ),
  }),
  route({
    method: 'get',
    path: '/reference/experience-levels',
    tag,
    summary: 'Experience levels, in order',
    access: 'public',
    publicCache: { maxAge },
    response: Type.Array(ExperienceLevel),
    handler: ({ ctx, koa, deps }) =>
      sendReferenceEnvelope(koa, deps, { kind: 'LEVELS', key: 'levels', maxAge }, () =>
        listExperienceLevels(ctx),
      ),
  }),
]);
