/** PUT /admin/reference/experience-levels/{id} {nom, ordre}. */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { recordAudit } from '../audit/index.ts';
import { loadExperienceLevel } from './experience-level-view.ts';
import type { ExperienceLevelView } from './read-reference.ts';
import { assertNameFree, cleanName, uniqueName } from './reference-names.ts';
import { ExperienceLevel } from '../../models/experience-level.ts';

export async function updateExperienceLevel(
  ctx: Ctx,
  input: { levelId: number; nom: string; ordre: number },
): Promise<ExperienceLevelView> {
  const nom = cleanName(input.nom);
  return uniqueName('Experience level', nom, () =>
    inTransaction(ctx, async (t) => {
      const before = await loadExperienceLevel(t.db, input.levelId);
      await assertNameFree(t.db, ExperienceLevel, 'Experience level', nom, input.levelId);
      await ExperienceLevel.query(t.db)
        .findById(input.levelId)
        .patch({ nom, ordre: input.ordre, updatedAt: t.clock.now() });
      await recordAudit(
        t,
        'experience_level.updated',
        { type: 'experience_level', id: input.levelId },
        { old: before, nom, ordre: input.ordre },
      );
      return loadExperienceLevel(t.db, input.levelId);
    }),
  );
}
