/**
 * GET /admin/recruiters: every recruiter with its company, filtered by `q` (email, nom, prenom,
 * company name), `status` and `entrepriseId`. `PENDING` is accepted as an alias
 * of PENDING_APPROVAL.
 */
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import {
  pageOf,
  pageRequest,
  paginate,
  type Page,
  containsPattern,
  type ListInput,
} from '../shared/index.ts';
import { Recruteur, type RecruteurStatus } from '../../models/recruteur.ts';
import type { AdminRecruteur } from '../shapes/index.ts';

export type AdminRecruteurView = Static<typeof AdminRecruteur>;

export const RECRUTEUR_SORTS = {
  createdAt: 'a.createdAt',
  nom: 'r.nom',
  email: 'a.email',
  status: 'r.status',
  entrepriseNom: 'e.nomEntreprise',
  id: 'r.id',
};

export function recruteurStatusFilter(status: string): RecruteurStatus {
  return (status === 'PENDING' ? 'PENDING_APPROVAL' : status) as RecruteurStatus;
}

export async function listAdminRecruteurs(
  ctx: Ctx,
  input: ListInput & { q?: string; status?: RecruteurStatus | 'PENDING'; entrepriseId?: number },
): Promise<Page<AdminRecruteurView>> {
  const req = pageRequest(input, RECRUTEUR_SORTS, [{ column: 'a.createdAt', direction: 'desc' }]);
  const query = Recruteur.query(ctx.db)
    .alias('r')
    .joinRelated('[account, entreprise]', { aliases: { account: 'a', entreprise: 'e' } })
    .select(
      'r.id',
      'a.email',
      'r.nom',
      'r.prenom',
      'r.telephone',
      'r.posteOccupe',
      'r.status',
      'r.companyRole',
      'a.enabled',
      'a.emailVerifiedAt',
      'r.entrepriseId',
      'e.nomEntreprise as entrepriseNom',
      'a.createdAt',
    );
  if (input.q?.trim()) {
    const like = containsPattern(input.q);
    query.where((w) => {
      w.where('a.email', 'like', like)
        .orWhere('r.nom', 'like', like)
        .orWhere('r.prenom', 'like', like)
        .orWhere('e.nomEntreprise', 'like', like);
    });
  }
  if (input.status) query.where('r.status', recruteurStatusFilter(input.status));
  if (input.entrepriseId) query.where('r.entrepriseId', input.entrepriseId);
  const { rows, total } = await paginate<
    Omit<AdminRecruteurView, 'emailVerified'> & { emailVerifiedAt: Date | null }
  >(query.toKnexQuery(), req, 'r.id');
  return pageOf(
    rows.map(({ emailVerifiedAt, ...r }) => ({
      ...r,
      enabled: Boolean(r.enabled),
      emailVerified: emailVerifiedAt !== null,
    })),
    total,
    req,
  );
}
