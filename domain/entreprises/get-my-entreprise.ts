/** GET /recruiters/company: the company of the signed-in ACTIVE recruiter, every page included (drafts too). */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { requireActiveRecruteur } from './current-recruteur.ts';
import { loadEntrepriseView, type EntrepriseView } from './entreprise-view.ts';

export async function getMyEntreprise(ctx: Ctx): Promise<EntrepriseView> {
  const recruteur = await requireActiveRecruteur(ctx);
  const view = await loadEntrepriseView(ctx.db, recruteur.entrepriseId, ctx.config.publicUrl);
  if (!view) throw new NotFoundError('Entreprise');
  return view;
}
