/**
 * DELETE /admin/entreprises/{id}. Refused with 409 ENTREPRISE_IN_USE while recruiters belong to
 * the company: a recruiter account cannot exist without its company (suspend or remove them first).
 * Offers left behind by deleted recruiters go with the company, with their applications; pages,
 * websites, talent pools and webhook subscriptions cascade. A recruiter joining meanwhile makes
 * the foreign key refuse the delete, which also answers ENTREPRISE_IN_USE.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { bilingual, ConflictError, NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { isRowReferencedError } from '../../lib/db-errors.ts';
import { Entreprise } from '../../models/entreprise.ts';
import { Offre } from '../../models/offre.ts';
import { Recruteur } from '../../models/recruteur.ts';

const inUse = (n: number) =>
  new ConflictError(
    'ENTREPRISE_IN_USE',
    bilingual('Cette entreprise a encore des recruteurs', 'This company still has recruiters'),
    `recruiters: ${n}`,
  );

export async function deleteEntrepriseByAdmin(
  ctx: Ctx,
  input: { entrepriseId: number },
): Promise<Record<string, never>> {
  try {
    return await inTransaction(ctx, async (t) => {
      const e = await Entreprise.query(t.db)
        .findById(input.entrepriseId)
        .forUpdate()
        .select('id', 'nomEntreprise');
      if (!e) throw new NotFoundError('Entreprise');
      const recruteurs = await Recruteur.query(t.db).where({ entrepriseId: e.id }).resultSize();
      if (recruteurs > 0) throw inUse(recruteurs);
      const offres = await Offre.query(t.db).where({ entrepriseId: e.id }).delete();
      await Entreprise.query(t.db).deleteById(e.id);
      await recordAudit(
        t,
        'entreprise.deleted',
        { type: 'entreprise', id: e.id },
        { nomEntreprise: e.nomEntreprise, deletedOffres: offres },
      );
      return {};
    });
  } catch (err) {
    if (isRowReferencedError(err)) throw inUse(1);
    throw err;
  }
}
