/** A company as the moderation list shows it: identity, plan, status and its counts. */
import type { Knex } from 'knex';
import { NotFoundError } from '../errors.ts';
import type { Plan } from '../../models/entreprise.ts';

export interface AdminEntrepriseView {
  id: number;
  nomEntreprise: string;
  secteurActiviteId: number | null;
  secteurActivite: string | null;
  description: string | null;
  plan: Plan;
  status: 'ACTIVE' | 'DISABLED';
  totalRecruitersCount: number;
  validatedRecruitersCount: number;
  offresCount: number;
  publishedOffresCount: number;
  createdAt: Date;
  updatedAt: Date;
}

type Row = Omit<
  AdminEntrepriseView,
  'totalRecruitersCount' | 'validatedRecruitersCount' | 'offresCount' | 'publishedOffresCount'
> &
  Record<
    'totalRecruitersCount' | 'validatedRecruitersCount' | 'offresCount' | 'publishedOffresCount',
    number | string | null
  >;

export function entrepriseRowsQuery(db: Knex): Knex.QueryBuilder {
  return db('entreprises as e')
    .leftJoin('secteursActivite as s', 's.id', 'e.secteurActiviteId')
    .select(
      'e.id',
      'e.nomEntreprise',
      'e.secteurActiviteId',
      's.nom as secteurActivite',
      'e.description',
      'e.plan',
      'e.status',
      'e.createdAt',
      'e.updatedAt',
      db.raw('(SELECT COUNT(*) FROM recruiters r WHERE r.entreprise_id = e.id) AS total_recruiters_count'),
      db.raw(
        "(SELECT COUNT(*) FROM recruiters r WHERE r.entreprise_id = e.id AND r.status = 'ACTIVE') AS validated_recruiters_count",
      ),
      db.raw('(SELECT COUNT(*) FROM offres o WHERE o.entreprise_id = e.id) AS offres_count'),
      db.raw(
        "(SELECT COUNT(*) FROM offres o WHERE o.entreprise_id = e.id AND o.status = 'PUBLISHED') AS published_offres_count",
      ),
    );
}

export function toAdminEntrepriseView(r: Row): AdminEntrepriseView {
  return {
    ...r,
    totalRecruitersCount: Number(r.totalRecruitersCount ?? 0),
    validatedRecruitersCount: Number(r.validatedRecruitersCount ?? 0),
    offresCount: Number(r.offresCount ?? 0),
    publishedOffresCount: Number(r.publishedOffresCount ?? 0),
  };
}

export async function loadAdminEntreprise(db: Knex, id: number): Promise<AdminEntrepriseView> {
  const row = (await entrepriseRowsQuery(db).where('e.id', id).first()) as Row | undefined;
  if (!row) throw new NotFoundError('Entreprise');
  return toAdminEntrepriseView(row);
}
