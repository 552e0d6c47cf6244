/** GET /recruiters/company/members: the ACTIVE recruiters of the caller's company, owner first. */
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import type { EntrepriseMember as CompanyMemberShape } from '../shapes/index.ts';
import { Recruteur, type RecruteurStatus } from '../../models/recruteur.ts';
import { requireActiveRecruteur } from './current-recruteur.ts';

/** The EntrepriseMember shape (domain/shapes/entreprise.ts), its status narrowed to RecruteurStatus. */
export type EntrepriseMember = Omit<Static<typeof CompanyMemberShape>, 'status'> & {
  status: RecruteurStatus;
};

export async function listEntrepriseMembers(ctx: Ctx): Promise<EntrepriseMember[]> {
  const me = await requireActiveRecruteur(ctx);
  const rows = await Recruteur.query(ctx.db)
    .alias('r')
    .joinRelated('account', { alias: 'a' })
    .where({ 'r.entrepriseId': me.entrepriseId, 'r.status': 'ACTIVE' })
    .orderByRaw("r.company_role = 'OWNER' DESC")
    .orderBy([{ column: 'r.nom' }, { column: 'r.prenom' }, { column: 'r.id' }])
    .select('r.id', 'r.nom', 'r.prenom', 'a.email', 'r.posteOccupe', 'r.status', 'r.companyRole as role')
    .castTo<EntrepriseMember[]>();
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
