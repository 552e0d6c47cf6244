/** Public reference data: active activity sectors and experience levels. */
import type { Ctx } from '../context.ts';
import { ExperienceLevel } from '../../models/experience-level.ts';
import { SecteurActivite } from '../../models/secteur-activite.ts';

export interface SecteurPublicView {
  id: number;
  nom: string;
  description: string | null;
  actif: boolean;
}

export interface ExperienceLevelView {
  id: number;
  nom: string;
  ordre: number;
}

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
