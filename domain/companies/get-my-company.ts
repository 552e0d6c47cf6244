/** GET /recruiters/company: the company of the signed-in ACTIVE recruiter, every page included (drafts too). */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { requireActiveRecruiter } from './current-recruiter.ts';
import { loadCompanyView, type CompanyView } from './company-view.ts';

export async function getMyCompany(ctx: Ctx): Promise<CompanyView> {
  const recruiter = await requireActiveRecruiter(ctx);
  const view = await loadCompanyView(ctx.db, recruiter.entrepriseId, ctx.config.publicUrl);
  if (!view) throw new NotFoundError('Entreprise');
  return view;
}
