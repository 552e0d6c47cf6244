/** Public reference data: activity sectors (GET /reference/secteurs-activite) and experience levels. */
import Type from 'typebox';
import { defineRoutes } from '../http/route.ts';
import { listActiveSecteurs, listExperienceLevels } from '../../domain/reference/read-reference.ts';
import { ExperienceLevel, SecteurPublic } from '../schemas/reference.ts';

const tag = 'Données de référence';

export const routes = defineRoutes([
  {
    method: 'get',
    path: '/reference/secteurs-activite',
    tag,
    summary: 'Active activity sectors',
    access: 'public',
    publicCache: { maxAge: 3600 },
    response: Type.Array(SecteurPublic),
    handler: ({ ctx }) => listActiveSecteurs(ctx),
  },
  {
    method: 'get',
    path: '/reference/experience-levels',
    tag,
    summary: 'Experience levels, in order',
    access: 'public',
    publicCache: { maxAge: 3600 },
    response: Type.Array(ExperienceLevel),
    handler: ({ ctx }) => listExperienceLevels(ctx),
  },
]);
