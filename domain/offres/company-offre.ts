/**
 * The offer a recruiter acts on: it must belong to the recruiter's company, else it is a 404
 * (another company's object is not known to exist).
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { numberOrNull } from '../shared/db-numbers.ts';
import type { CurrentRecruiter } from '../recruiters/current-recruiter.ts';
import type { OffreStatus } from '../../models/offre.ts';

export interface CompanyOffreRow {
  id: number;
  entrepriseId: number;
  titre: string;
  status: OffreStatus;
  deadline: string | null;
  localisation: string | null;
  salaireMin: number | null;
  salaireMax: number | null;
}

export async function findCompanyOffre(
  ctx: Ctx,
  recruiter: Pick<CurrentRecruiter, 'entrepriseId'>,
  offreId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<CompanyOffreRow> {
  const query = ctx
    .db('offres')
    .where({ id: offreId, entrepriseId: recruiter.entrepriseId })
    .first('id', 'entrepriseId', 'titre', 'status', 'deadline', 'localisation', 'salaireMin', 'salaireMax');
  if (opts.forUpdate) query.forUpdate();
  const row = (await query) as CompanyOffreRow | undefined;
  if (!row) throw new NotFoundError('Offre');
  return {
    ...row,
    salaireMin: numberOrNull(row.salaireMin),
    salaireMax: numberOrNull(row.salaireMax),
  };
}
