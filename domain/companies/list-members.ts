/** GET /recruiters/company/members: the ACTIVE recruiters of the caller's company, owner first. */
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import type { CompanyMember as CompanyMemberShape } from '../shapes/index.ts';
import { Recruiter, type RecruiterStatus } from '../../models/recruiter.ts';
import { requireActiveRecruiter } from './current-recruiter.ts';

/** The CompanyMember shape (domain/shapes/company.ts), its status narrowed to RecruiterStatus. */
export type CompanyMember = Omit<Static<typeof CompanyMemberShape>, 'status'> & { status: RecruiterStatus };

export async function listCompanyMembers(ctx: Ctx): Promise<CompanyMember[]> {
  const me = await requireActiveRecruiter(ctx);
  const rows = await Recruiter.query(ctx.db)
    .alias('r')
    .joinRelated('account', { alias: 'a' })
    .where({ 'r.entrepriseId': me.entrepriseId, 'r.status': 'ACTIVE' })
    .orderByRaw("r.company_role = 'OWNER' DESC")
    .orderBy([{ column: 'r.nom' }, { column: 'r.prenom' }, { column: 'r.id' }])
    .select('r.id', 'r.nom', 'r.prenom', 'a.email', 'r.posteOccupe', 'r.status', 'r.companyRole as role')
    .castTo<CompanyMember[]>();
  return rows.map(({ id, nom, prenom, email, posteOccupe, status, role }) => ({
    id,
    nom,
    prenom,
    email,
    posteOccupe,
    status,
    role,
  }));
}
