/** Activity sector, admin view: with the number of companies attached to it. */
import type { Knex } from 'knex';
import { NotFoundError } from '../errors.ts';

export interface SecteurAdminView {
  id: number;
  nom: string;
  description: string | null;
  entreprisesCount: number;
}

export function sectorRowsQuery(db: Knex): Knex.QueryBuilder {
  return db('secteursActivite as s').select(
    's.id',
    's.nom',
    's.description',
    db.raw('(SELECT COUNT(*) FROM entreprises e WHERE e.secteur_activite_id = s.id) AS entreprises_count'),
  );
}

export function toSecteurAdminView(r: SecteurAdminView): SecteurAdminView {
  return { id: r.id, nom: r.nom, description: r.description, entreprisesCount: Number(r.entreprisesCount) };
}

export async function loadSecteurAdmin(db: Knex, id: number): Promise<SecteurAdminView> {
  const row = (await sectorRowsQuery(db).where('s.id', id).first()) as SecteurAdminView | undefined;
  if (!row) throw new NotFoundError('Secteur');
  return toSecteurAdminView(row);
}
