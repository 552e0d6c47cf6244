/**
 * Reads public offers (PUBLISHED, company ACTIVE, not under moderation: domain/trust) from MariaDB as the search index receives them:
 * all of them in batches of primary keys (a build), or a given set (a journal catch-up).
 */
import type { Knex } from 'knex';
import { jsonStringsColumn as parseCompetences } from '../../lib/json-column.ts';
import { numberOrNull } from '../shared/index.ts';
import { NOT_UNDER_MODERATION_SQL, verifiedEntrepriseSql } from '../trust/index.ts';
import type { ContractType, IndexedOffre } from './offre-index.ts';

const BATCH = 5000;

interface Row {
  id: number | string;
  titre: string;
  competences: unknown;
  description: string | null;
  entrepriseId: number | string;
  nomEntreprise: string;
  secteurActiviteId: number | string | null;
  secteurNom: string | null;
  villeId: number | string | null;
  villeNom: string | null;
  localisation: string | null;
  regionId: number | string | null;
  contractType: ContractType;
  remotePossible: number | boolean;
  salaireMin: number | string | null;
  salaireMax: number | string | null;
  deadline: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  entrepriseVerified: number | string | boolean;
}

function publicOffres(db: Knex): Knex.QueryBuilder {
  // eslint-disable-next-line no-restricted-syntax -- SQL: bulk read for the search index (every public offer in keyset batches of 5,000, no model instances)
  return db('offres as o')
    .join('entreprises as e', 'e.id', 'o.entrepriseId')
    .leftJoin('villes as v', 'v.id', 'o.villeId')
    .leftJoin('secteursActivite as s', 's.id', 'e.secteurActiviteId')
    .where('o.status', 'PUBLISHED')
    .where('e.status', 'ACTIVE')
    .whereRaw(NOT_UNDER_MODERATION_SQL)
    .select(
      db.raw(`${verifiedEntrepriseSql('e')} as entreprise_verified`),
      'o.id',
      'o.titre',
      'o.competences',
      'o.description',
      'o.entrepriseId',
      'e.nomEntreprise',
      'e.secteurActiviteId',
      's.nom as secteurNom',
      'o.villeId',
      'v.nom as villeNom',
      'o.localisation',
      'v.regionId',
      'o.contractType',
      'o.remotePossible',
      'o.salaireMin',
      'o.salaireMax',
      'o.deadline',
      'o.publishedAt',
      'o.createdAt',
    );
}

function toIndexed(r: Row): IndexedOffre {
  return {
    id: Number(r.id),
    titre: r.titre,
    competences: parseCompetences(r.competences),
    description: r.description ?? '',
    entrepriseId: Number(r.entrepriseId),
    entrepriseNom: r.nomEntreprise,
    secteurId: numberOrNull(r.secteurActiviteId),
    villeId: numberOrNull(r.villeId),
    regionId: numberOrNull(r.regionId),
    localisation: r.localisation,
    villeNom: r.villeNom,
    secteurNom: r.secteurNom,
    contractType: r.contractType,
    remotePossible: Boolean(r.remotePossible),
    salaireMin: numberOrNull(r.salaireMin),
    salaireMax: numberOrNull(r.salaireMax),
    deadline: r.deadline,
    publishedAt: r.publishedAt,
    createdAt: r.createdAt,
    entrepriseVerified: Boolean(Number(r.entrepriseVerified)),
  };
}

/** Every public offer, batch by batch, in id order. */
export async function* allPublicOffres(db: Knex): AsyncGenerator<IndexedOffre[]> {
  let after = 0;
  for (;;) {
    const rows = (await publicOffres(db).where('o.id', '>', after).orderBy('o.id').limit(BATCH)) as Row[];
    if (rows.length === 0) return;
    yield rows.map(toIndexed);
    after = Number(rows[rows.length - 1].id);
  }
}

/** The public ones among these offers; an id missing from the answer is not public (or gone). */
export async function publicOffresByIds(db: Knex, ids: number[]): Promise<IndexedOffre[]> {
  if (ids.length === 0) return [];
  return ((await publicOffres(db).whereIn('o.id', ids)) as Row[]).map(toIndexed);
}

/** The public offers of these companies. */
export async function publicOffresOfEntreprises(db: Knex, entrepriseIds: number[]): Promise<IndexedOffre[]> {
  if (entrepriseIds.length === 0) return [];
  return ((await publicOffres(db).whereIn('o.entrepriseId', entrepriseIds)) as Row[]).map(toIndexed);
}

/** Public offers published after a moment (alert runs index only these). */
export async function publicOffresPublishedSince(
  db: Knex,
  since: Date,
  until: Date,
): Promise<IndexedOffre[]> {
  return (
    (await publicOffres(db).where('o.publishedAt', '>', since).where('o.publishedAt', '<=', until)) as Row[]
  ).map(toIndexed);
}
