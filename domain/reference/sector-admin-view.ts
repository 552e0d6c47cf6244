/** Activity sector, admin view: with the number of companies attached to it. */
import type { Knex } from 'knex';
import { NotFoundError } from '../errors.ts';
import { SecteurActivite } from '../../models/secteur-activite.ts';

export interface SecteurAdminView {
  id: number;
  nom: string;
  description: string | null;
  entreprisesCount: number;
}

/** Sectors with the count of their companies (a correlated subquery on the `entreprises` relation). */
export function sectorRowsQuery(db: Knex) {
  return SecteurActivite.query(db).select(
    'secteursActivite.id',
    'secteursActivite.nom',
    'secteursActivite.description',
    SecteurActivite.relatedQuery('entreprises').count().as('entreprisesCount'),
  );
}

export function toSecteurAdminView(r: SecteurAdminView): SecteurAdminView {
  return { id: r.id, nom: r.nom, description: r.description, entreprisesCount: Number(r.entreprisesCount) };
}

export async function loadSecteurAdmin(db: Knex, id: number): Promise<SecteurAdminView> {
  const row = await sectorRowsQuery(db).findById(id).castTo<SecteurAdminView | undefined>();
  if (!row) throw new NotFoundError('Secteur');
  return toSecteurAdminView(row);
}
