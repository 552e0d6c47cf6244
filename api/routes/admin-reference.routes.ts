/** Admin - Données de référence: sectors and experience levels. */
import Type from 'typebox';
import { defineRoutes, Reply, route } from '../http/route.ts';
import { Empty, Id, Nullable } from '../schemas/common.ts';
import { ExperienceLevel, SecteurAdmin } from '../schemas/reference.ts';
import { listSectorsAdmin } from '../../domain/reference/list-sectors-admin.ts';
import { createSector } from '../../domain/reference/create-sector.ts';
import { updateSector } from '../../domain/reference/update-sector.ts';
import { deleteSector } from '../../domain/reference/delete-sector.ts';
import { listExperienceLevels } from '../../domain/reference/read-reference.ts';
import { createExperienceLevel } from '../../domain/reference/create-experience-level.ts';
import { updateExperienceLevel } from '../../domain/reference/update-experience-level.ts';
import { deleteExperienceLevel } from '../../domain/reference/delete-experience-level.ts';

const tag = 'Admin - Données de référence';
const ADMINS = ['ADMIN', 'SUPER_ADMIN'] as const;

const SectorBody = Type.Object({
  nom: Type.String({ minLength: 1, maxLength: 150 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
});
const LevelBody = Type.Object({
  nom: Type.String({ minLength: 1, maxLength: 150 }),
  ordre: Type.Integer({ minimum: 0, maximum: 10000 }),
});
const uniqueNote = 'Names are unique (case- and accent-insensitive): a taken name is 409 CONFLICT. Audited.';

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/admin/reference/sectors',
    tag,
    summary: 'Activity sectors with their company count',
    access: ADMINS,
    response: Type.Array(SecteurAdmin),
    handler: ({ ctx }) => listSectorsAdmin(ctx),
  }),
  route({
    method: 'post',
    path: '/admin/reference/sectors',
    tag,
    summary: 'Create an activity sector',
    description: uniqueNote,
    access: ADMINS,
    body: SectorBody,
    response: SecteurAdmin,
    errors: { 409: 'CONFLICT (name taken)' },
    handler: async ({ ctx, body }) => new Reply(await createSector(ctx, body), 'Sector created'),
  }),
  route({
    method: 'put',
    path: '/admin/reference/sectors/{id}',
    tag,
    summary: 'Update an activity sector',
    description: `\`description\` left out keeps the current one. ${uniqueNote}`,
    access: ADMINS,
    params: Type.Object({ id: Id }),
    body: SectorBody,
    response: SecteurAdmin,
    errors: { 409: 'CONFLICT (name taken)' },
    handler: async ({ ctx, params, body }) =>
      new Reply(
        await updateSector(ctx, {
          sectorId: params.id,
          ...body,
        }),
        'Sector updated',
      ),
  }),
  route({
    method: 'delete',
    path: '/admin/reference/sectors/{id}',
    tag,
    summary: 'Delete an activity sector',
    description:
      'Allowed only when no company is attached to the sector, else 409 SECTOR_IN_USE. Answers `data: {}`. Audited.',
    access: ADMINS,
    params: Type.Object({ id: Id }),
    response: Empty,
    errors: { 409: 'SECTOR_IN_USE' },
    handler: async ({ ctx, params }) =>
      new Reply(await deleteSector(ctx, { sectorId: params.id }), 'Sector deleted'),
  }),
  route({
    method: 'get',
    path: '/admin/reference/experience-levels',
    tag,
    summary: 'Experience levels, in order',
    access: ADMINS,
    response: Type.Array(ExperienceLevel),
    handler: ({ ctx }) => listExperienceLevels(ctx),
  }),
  route({
    method: 'post',
    path: '/admin/reference/experience-levels',
    tag,
    summary: 'Create an experience level',
    description: uniqueNote,
    access: ADMINS,
    body: LevelBody,
    response: ExperienceLevel,
    errors: { 409: 'CONFLICT (name taken)' },
    handler: async ({ ctx, body }) =>
      new Reply(await createExperienceLevel(ctx, body), 'Experience level created'),
  }),
  route({
    method: 'put',
    path: '/admin/reference/experience-levels/{id}',
    tag,
    summary: 'Update an experience level',
    description: uniqueNote,
    access: ADMINS,
    params: Type.Object({ id: Id }),
    body: LevelBody,
    response: ExperienceLevel,
    errors: { 409: 'CONFLICT (name taken)' },
    handler: async ({ ctx, params, body }) =>
      new Reply(
        await updateExperienceLevel(ctx, {
          levelId: params.id,
          ...body,
        }),
        'Experience level updated',
      ),
  }),
  route({
    method: 'delete',
    path: '/admin/reference/experience-levels/{id}',
    tag,
    summary: 'Delete an experience level',
    description:
      'Allowed while in use: candidate profiles that had this level keep no level. Answers `data: {}`. Audited.',
    access: ADMINS,
    params: Type.Object({ id: Id }),
    response: Empty,
    handler: async ({ ctx, params }) =>
      new Reply(await deleteExperienceLevel(ctx, { levelId: params.id }), 'Experience level deleted'),
  }),
]);
