/**
 * PUT /admin/entreprises/{id}: moderation edit of a company's name, sector, description and
 * status (ACTIVE | DISABLED). Only the fields given change; the audit entry lists them.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { InputError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { loadAdminEntreprise, type AdminEntrepriseView } from './entreprise-admin-view.ts';
import { Entreprise } from '../../models/entreprise.ts';
import { SecteurActivite } from '../../models/secteur-activite.ts';

export interface EntrepriseAdminEdit {
  nomEntreprise?: string;
  secteurActiviteId?: number | null;
  description?: string | null;
  status?: 'ACTIVE' | 'DISABLED';
}

export async function updateEntrepriseByAdmin(
  ctx: Ctx,
  input: { entrepriseId: number } & EntrepriseAdminEdit,
): Promise<AdminEntrepriseView> {
  const changes: Partial<Pick<Entreprise, keyof EntrepriseAdminEdit>> = {};
  if (input.nomEntreprise !== undefined) {
    const nom = input.nomEntreprise.trim();
    if (!nom)
      throw new InputError('Invalid company name', 'body.nomEntreprise: must not be blank', {
        field: 'body.nomEntreprise',
        code: 'blank',
      });
    changes.nomEntreprise = nom;
  }
  if (input.secteurActiviteId !== undefined) changes.secteurActiviteId = input.secteurActiviteId;
  if (input.description !== undefined) changes.description = input.description;
  if (input.status !== undefined) changes.status = input.status;
  return inTransaction(ctx, async (t) => {
    await loadAdminEntreprise(t.db, input.entrepriseId);
    if (
      input.secteurActiviteId &&
      !(await SecteurActivite.query(t.db).findById(input.secteurActiviteId).select('id'))
    ) {
      throw new InputError('Unknown activity sector', 'body.secteurActiviteId: no such sector', {
        field: 'body.secteurActiviteId',
        code: 'unknownId',
        params: { kind: 'secteur' },
      });
    }
    if (Object.keys(changes).length) {
      await Entreprise.query(t.db)
        .findById(input.entrepriseId)
        .patch({ ...changes, updatedAt: t.clock.now() });
    }
    await recordAudit(
      t,
      'entreprise.updated',
      { type: 'entreprise', id: input.entrepriseId },
      { fields: Object.keys(changes) },
    );
    return loadAdminEntreprise(t.db, input.entrepriseId);
  });
}
