/**
 * The offer a recruiter acts on: it must belong to the recruiter's company, else it is a 404
 * (another company's object is not known to exist).
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { numberOrNull } from '../shared/index.ts';
import type { CurrentRecruteur } from '../entreprises/index.ts';
import { Offre, type OffreStatus } from '../../models/offre.ts';

export interface EntrepriseOffreRow {
  id: number;
  entrepriseId: number;
  titre: string;
  status: OffreStatus;
  deadline: string | null;
  localisation: string | null;
  salaireMin: number | null;
  salaireMax: number | null;
}

export async function findEntrepriseOffre(
  ctx: Ctx,
  recruteur: Pick<CurrentRecruteur, 'entrepriseId'>,
  offreId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<EntrepriseOffreRow> {
  const query = Offre.query(ctx.db)
    .findById(offreId)
    .where({ entrepriseId: recruteur.entrepriseId })
    .select('id', 'entrepriseId', 'titre', 'status', 'deadline', 'localisation', 'salaireMin', 'salaireMax');
  if (opts.forUpdate) query.forUpdate();
  const row = await query;
  if (!row) throw new NotFoundError('Offre');
  return {
    id: row.id,
    entrepriseId: row.entrepriseId,
    titre: row.titre,
    status: row.status,
    deadline: row.deadline,
    localisation: row.localisation,
    salaireMin: numberOrNull(row.salaireMin),
    salaireMax: numberOrNull(row.salaireMax),
  };
}
