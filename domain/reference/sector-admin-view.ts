/** Activity sector, admin view: with the number of companies attached to it. */
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import { NotFoundError } from '../errors.ts';
import { SecteurActivite } from '../../models/secteur-activite.ts';
import type { SecteurAdmin } from '../shapes/index.ts';

/** The static type of the SecteurAdmin shape (domain/shapes/reference.ts). */
export type SecteurAdminView = Static<typeof SecteurAdmin>;

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
