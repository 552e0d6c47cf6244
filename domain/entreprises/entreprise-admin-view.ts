/** A company as the moderation list shows it: identity, plan, status and its counts. */
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import { NotFoundError } from '../errors.ts';
import { Entreprise } from '../../models/entreprise.ts';
import { Offre } from '../../models/offre.ts';
import { Recruteur } from '../../models/recruteur.ts';
import type { AdminEntreprise } from '../shapes/index.ts';

export type AdminEntrepriseView = Static<typeof AdminEntreprise>;

type Row = Omit<
  AdminEntrepriseView,
  'totalRecruitersCount' | 'validatedRecruitersCount' | 'offresCount' | 'publishedOffresCount'
> &
  Record<
    'totalRecruitersCount' | 'validatedRecruitersCount' | 'offresCount' | 'publishedOffresCount',
    number | string | null
  >;

/** Companies (`e`) with their sector's name and their counts; the caller adds its where. */
export function entrepriseRowsQuery(db: Knex) {
  const recruteursOf = () => Recruteur.query(db).alias('r').whereColumn('r.entrepriseId', 'e.id');
  const offresOf = () => Offre.query(db).alias('o').whereColumn('o.entrepriseId', 'e.id');
  return Entreprise.query(db)
    .alias('e')
    .leftJoinRelated('secteurActivite', { alias: 's' })
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
      recruteursOf().count().as('totalRecruitersCount'),
      recruteursOf().where('r.status', 'ACTIVE').count().as('validatedRecruitersCount'),
      offresOf().count().as('offresCount'),
      offresOf().where('o.status', 'PUBLISHED').count().as('publishedOffresCount'),
    );
}

export function toAdminEntrepriseView(r: Row): AdminEntrepriseView {
  return {
    id: r.id,
    nomEntreprise: r.nomEntreprise,
    secteurActiviteId: r.secteurActiviteId,
    secteurActivite: r.secteurActivite,
    description: r.description,
    plan: r.plan,
    status: r.status,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    totalRecruitersCount: Number(r.totalRecruitersCount ?? 0),
    validatedRecruitersCount: Number(r.validatedRecruitersCount ?? 0),
    offresCount: Number(r.offresCount ?? 0),
    publishedOffresCount: Number(r.publishedOffresCount ?? 0),
  };
}

export async function loadAdminEntreprise(db: Knex, id: number): Promise<AdminEntrepriseView> {
  const row = await entrepriseRowsQuery(db).where('e.id', id).first().castTo<Row | undefined>();
  if (!row) throw new NotFoundError('Entreprise');
  return toAdminEntrepriseView(row);
}
