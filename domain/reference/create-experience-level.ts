/** POST /admin/reference/experience-levels {nom, ordre} (409 CONFLICT on a taken name). */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { recordAudit } from '../audit/index.ts';
import { loadExperienceLevel } from './experience-level-view.ts';
import type { ExperienceLevelView } from './read-reference.ts';
import { assertNameFree, cleanName, uniqueName } from './reference-names.ts';
import { ExperienceLevel } from '../../models/experience-level.ts';

export async function createExperienceLevel(
  ctx: Ctx,
  input: { nom: string; ordre: number },
): Promise<ExperienceLevelView> {
  const nom = cleanName(input.nom);
  return uniqueName('Experience level', nom, () =>
    inTransaction(ctx, async (t) => {
      await assertNameFree(t.db, ExperienceLevel, 'Experience level', nom);
      const now = t.clock.now();
      const { id } = await ExperienceLevel.query(t.db).insert({
        nom,
        ordre: input.ordre,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(
        t,
        'experience_level.created',
        { type: 'experience_level', id },
        { nom, ordre: input.ordre },
      );
      return loadExperienceLevel(t.db, id);
    }),
  );
}
