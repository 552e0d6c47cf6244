/**
 * DELETE /admin/reference/experience-levels/{id}. Unlike sectors this is allowed while in use:
 * the level is an optional detail of candidate profiles, whose reference is cleared (the foreign
 * key is ON DELETE SET NULL); the audit entry records how many profiles lost it.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { recordAudit } from '../audit/index.ts';
import { loadExperienceLevel } from './experience-level-view.ts';
import { Candidat } from '../../models/candidat.ts';
import { ExperienceLevel } from '../../models/experience-level.ts';

export async function deleteExperienceLevel(
  ctx: Ctx,
  input: { levelId: number },
): Promise<Record<string, never>> {
  return inTransaction(ctx, async (t) => {
    const level = await loadExperienceLevel(t.db, input.levelId);
    const used = await Candidat.query(t.db).where({ experienceLevelId: level.id }).resultSize();
    await ExperienceLevel.query(t.db).deleteById(level.id);
    await recordAudit(
      t,
      'experience_level.deleted',
      { type: 'experience_level', id: level.id },
      { nom: level.nom, clearedProfiles: used },
    );
    return {};
  });
}
