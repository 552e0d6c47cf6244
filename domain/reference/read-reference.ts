/** Public reference data: active activity sectors and experience levels. */
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import type { ExperienceLevel as ExperienceLevelShape, SecteurPublic } from '../shapes/index.ts';
import { ExperienceLevel } from '../../models/experience-level.ts';
import { SecteurActivite } from '../../models/secteur-activite.ts';

/** The static type of the SecteurPublic shape (domain/shapes/reference.ts). */
export type SecteurPublicView = Static<typeof SecteurPublic>;

/** The static type of the ExperienceLevel shape (domain/shapes/reference.ts). */
export type ExperienceLevelView = Static<typeof ExperienceLevelShape>;

export async function listActiveSecteurs(ctx: Ctx): Promise<SecteurPublicView[]> {
  return SecteurActivite.query(ctx.db)
    .where({ actif: true })
    .select('id', 'nom', 'description', 'actif')
    .orderBy('nom');
}

export async function listExperienceLevels(ctx: Ctx): Promise<ExperienceLevelView[]> {
  return ExperienceLevel.query(ctx.db)
    .select('id', 'nom', 'ordre')
    .orderBy([{ column: 'ordre' }, { column: 'id' }]);
}
