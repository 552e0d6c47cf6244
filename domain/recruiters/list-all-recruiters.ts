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
import { Recruiter, type RecruiterStatus } from '../../models/recruiter.ts';
import type { AdminRecruiter } from '../shapes/index.ts';

export type AdminRecruiterView = Static<typeof AdminRecruiter>;

export const RECRUITER_SORTS = {
  createdAt: 'a.createdAt',
  nom: 'r.nom',
  email: 'a.email',
  status: 'r.status',
  entrepriseNom: 'e.nomEntreprise',
  id: 'r.id',
};

export function recruiterStatusFilter(status: string): RecruiterStatus {
  return (status === 'PENDING' ? 'PENDING_APPROVAL' : status) as RecruiterStatus;
}

export async function listAdminRecruiters(
  ctx: Ctx,
  input: ListInput & { q?: string; status?: RecruiterStatus | 'PENDING'; entrepriseId?: number },
): Promise<Page<AdminRecruiterView>> {
  const req = pageRequest(input, RECRUITER_SORTS, [{ column: 'a.createdAt', direction: 'desc' }]);
  const query = Recruiter.query(ctx.db)
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
  if (input.status) query.where('r.status', recruiterStatusFilter(input.status));
  if (input.entrepriseId) query.where('r.entrepriseId', input.entrepriseId);
  const { rows, total } = await paginate<
    Omit<AdminRecruiterView, 'emailVerified'> & { emailVerifiedAt: Date | null }
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
