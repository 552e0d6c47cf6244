/** An offer as the moderation list shows it: state, company, author and application total. */
import type { Knex } from 'knex';
import { NotFoundError } from '../errors.ts';
import type { ContractType, OffreStatus } from '../../models/offre.ts';

export interface AdminOffreView {
  id: number;
  titre: string;
  status: OffreStatus;
  contractType: ContractType;
  entrepriseId: number;
  entrepriseNom: string;
  recruteurId: number | null;
  recruteurEmail: string | null;
  totalCandidatures: number;
  deadline: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function offreRowsQuery(db: Knex): Knex.QueryBuilder {
  return db('offres as o')
    .join('entreprises as e', 'e.id', 'o.entrepriseId')
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
  return { ...r, totalCandidatures: Number(r.totalCandidatures) };
}

export async function loadAdminOffre(db: Knex, id: number): Promise<AdminOffreView> {
  const row = (await offreRowsQuery(db).where('o.id', id).first()) as AdminOffreView | undefined;
  if (!row) throw new NotFoundError('Offre');
  return toAdminOffreView(row);
}
