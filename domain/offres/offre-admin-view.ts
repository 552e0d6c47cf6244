/** An offer as the moderation list shows it: state, company, author and application total. */
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import { NotFoundError } from '../errors.ts';
import { Offre } from '../../models/offre.ts';
import type { AdminOffre } from '../shapes/index.ts';

export type AdminOffreView = Static<typeof AdminOffre>;

/** Offers (`o`) with their company (`e`) and their author's account (`ra`); the caller adds its where. */
export function offreRowsQuery(db: Knex) {
  return Offre.query(db)
    .alias('o')
    .joinRelated('entreprise', { alias: 'e' })
    .leftJoin('accounts as ra', 'ra.id', 'o.recruteurId')
    .select(
      'o.id',
      'o.titre',
      'o.status',
      'o.contractType',
      'o.entrepriseId',
      'e.nomEntreprise as entrepriseNom',
      'o.recruteurId',
      'ra.email as recruteurEmail',
      'o.totalCandidatures',
      'o.deadline',
      'o.publishedAt',
      'o.createdAt',
      'o.updatedAt',
    );
}

export function toAdminOffreView(r: AdminOffreView): AdminOffreView {
  return {
    id: r.id,
    titre: r.titre,
    status: r.status,
    contractType: r.contractType,
    entrepriseId: r.entrepriseId,
    entrepriseNom: r.entrepriseNom,
    recruteurId: r.recruteurId,
    recruteurEmail: r.recruteurEmail,
    totalCandidatures: Number(r.totalCandidatures),
    deadline: r.deadline,
    publishedAt: r.publishedAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export async function loadAdminOffre(db: Knex, id: number): Promise<AdminOffreView> {
  const row = await offreRowsQuery(db).where('o.id', id).first().castTo<AdminOffreView | undefined>();
  if (!row) throw new NotFoundError('Offre');
  return toAdminOffreView(row);
}
