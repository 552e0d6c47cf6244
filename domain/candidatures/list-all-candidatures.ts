/**
 * GET /admin/candidatures: applications of every offer, filtered by `q` (candidate name or email,
 * offer title), `status` and `offreId`. Applications of deleted candidates stay, anonymised.
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
import { Candidature, type CandidatureStatus } from '../../models/candidature.ts';
import type { AdminCandidature } from '../shapes/index.ts';
import { fileUrl } from '../files/index.ts';

export type AdminCandidatureView = Static<typeof AdminCandidature>;

export const CANDIDATURE_SORTS = {
  dateCandidature: 'cd.dateCandidature',
  lastActionDate: 'cd.lastActionDate',
  status: 'cd.status',
  id: 'cd.id',
};

export async function listAdminCandidatures(
  ctx: Ctx,
  input: ListInput & { q?: string; status?: CandidatureStatus; offreId?: number },
): Promise<Page<AdminCandidatureView>> {
  const req = pageRequest(input, CANDIDATURE_SORTS, [{ column: 'cd.dateCandidature', direction: 'desc' }]);
  const query = Candidature.query(ctx.db)
    .alias('cd')
    .joinRelated('offre', { alias: 'o' })
    .join('entreprises as e', 'e.id', 'o.entrepriseId')
    .leftJoinRelated('candidat', { alias: 'c' })
    .leftJoin('accounts as a', 'a.id', 'cd.candidatId')
    .select(
      'cd.id',
      'cd.status',
      'cd.dateCandidature',
      'cd.lastActionDate',
      'cd.candidatId',
      'c.nom as candidatNom',
      'c.prenom as candidatPrenom',
      'a.email as candidatEmail',
      'cd.offreId',
      'o.titre as offreTitre',
      'o.entrepriseId',
      'e.nomEntreprise as entrepriseNom',
      'cd.cvFileId',
    );
  if (input.q?.trim()) {
    const like = containsPattern(input.q);
    query.where((w) => {
      w.where('a.email', 'like', like)
        .orWhere('c.nom', 'like', like)
        .orWhere('c.prenom', 'like', like)
        .orWhere('o.titre', 'like', like);
    });
  }
  if (input.status) query.where('cd.status', input.status);
  if (input.offreId) query.where('cd.offreId', input.offreId);
  const { rows, total } = await paginate<Omit<AdminCandidatureView, 'cvUrl'>>(
    query.toKnexQuery(),
    req,
    'cd.id',
  );
  return pageOf(
    rows.map((r) => ({ ...r, cvUrl: r.cvFileId ? fileUrl(ctx.config.publicUrl, r.cvFileId) : null })),
    total,
    req,
  );
}
