/**
 * Reads offers and candidates from MariaDB as the recommendation indexes hold them: every public
 * offer (PUBLISHED, company ACTIVE) or every candidate with an enabled account, in keyset
 * batches, or a given set of ids (a catch-up).
 */
import { NOT_UNDER_MODERATION_SQL } from '../trust/index.ts';
import type { Knex } from 'knex';
import { jsonStringsColumn } from '../../lib/json-column.ts';
import { numberOrNull } from '../shared/index.ts';
import type { ContractType } from '../../models/offre.ts';
import type { Teletravail } from '../../models/recommendation-preference.ts';
import { allConcepts, type ConceptDictionary } from './concepts.ts';
import {
  DEFAULT_PREFERENCES,
  languageOf,
  minYearsOf,
  salaryFloorOf,
  yearsOfLevel,
  type CandidatDoc,
  type OffreDoc,
  type Preferences,
} from './match.ts';

const BATCH = 5000;

interface OffreRow {
  id: number | string;
  titre: string;
  competences: unknown;
  descriptionStart: string | null;
  experience: string | null;
  entrepriseId: number | string;
  nomEntreprise: string;
  villeId: number | string | null;
  villeNom: string | null;
  regionId: number | string | null;
  regionNom: string | null;
  latitude: number | string | null;
  longitude: number | string | null;
  contractType: ContractType;
  remotePossible: number | boolean;
  salaireMin: number | string | null;
  salaireMax: number | string | null;
  deadline: string | null;
  publishedAt: Date | null;
}

function offresQuery(db: Knex, publicOnly = true): Knex.QueryBuilder {
  // eslint-disable-next-line no-restricted-syntax -- SQL: bulk read for the recommendation index (keyset batches, no model instances)
  const q = db('offres as o')
    .join('entreprises as e', 'e.id', 'o.entrepriseId')
    .leftJoin('villes as v', 'v.id', 'o.villeId')
    .leftJoin('regions as r', 'r.id', 'v.regionId');
  // Public as search has it: published, company active, and not held by moderation (domain/trust).
  if (publicOnly)
    q.where('o.status', 'PUBLISHED').where('e.status', 'ACTIVE').whereRaw(NOT_UNDER_MODERATION_SQL);
  return q.select(
    'o.id',
    'o.titre',
    'o.competences',
    db.raw('SUBSTRING(o.description, 1, 1500) as description_start'),
    'o.experience',
    'o.entrepriseId',
    'e.nomEntreprise',
    'o.villeId',
    'v.nom as villeNom',
    'v.regionId',
    'r.nom as regionNom',
    'v.latitude',
    'v.longitude',
    'o.contractType',
    'o.remotePossible',
    'o.salaireMin',
    'o.salaireMax',
    'o.deadline',
    'o.publishedAt',
  );
}

function toOffreDoc(r: OffreRow, dict: ConceptDictionary): OffreDoc {
  const skills = jsonStringsColumn(r.competences).map((text) => ({ text, a: dict.skill(text) }));
  return {
    id: Number(r.id),
    entrepriseId: Number(r.entrepriseId),
    entrepriseNom: r.nomEntreprise,
    titre: r.titre,
    title: dict.title(r.titre),
    skills: skills.filter((s) => s.a.words.length > 0),
    contractType: r.contractType,
    remotePossible: Boolean(r.remotePossible),
    salaireMin: numberOrNull(r.salaireMin),
    salaireMax: numberOrNull(r.salaireMax),
    minYears: minYearsOf(r.experience),
    langue: languageOf(`${r.titre} ${r.descriptionStart ?? ''}`),
    deadline: r.deadline ? Number(String(r.deadline).slice(0, 10).replace(/-/g, '')) : Infinity,
    publishedAt: r.publishedAt,
    villeId: numberOrNull(r.villeId),
    villeNom: r.villeNom,
    regionId: numberOrNull(r.regionId),
    regionNom: r.regionNom,
    lat: numberOrNull(r.latitude),
    lng: numberOrNull(r.longitude),
  };
}

export async function* allOffreDocs(db: Knex, dict: ConceptDictionary): AsyncGenerator<OffreDoc[]> {
  let after = 0;
  for (;;) {
    const rows = (await offresQuery(db).where('o.id', '>', after).orderBy('o.id').limit(BATCH)) as OffreRow[];
    if (rows.length === 0) return;
    yield rows.map((r) => toOffreDoc(r, dict));
    after = Number(rows[rows.length - 1].id);
  }
}

export async function offreDocsByIds(db: Knex, dict: ConceptDictionary, ids: number[]): Promise<OffreDoc[]> {
  if (ids.length === 0) return [];
  return ((await offresQuery(db).whereIn('o.id', ids)) as OffreRow[]).map((r) => toOffreDoc(r, dict));
}

/** One offer whatever its status (a company's draft has suggested candidates too). */
export async function offreDocById(db: Knex, dict: ConceptDictionary, id: number): Promise<OffreDoc | null> {
  const row = (await offresQuery(db, false).where('o.id', id).first()) as OffreRow | undefined;
  return row ? toOffreDoc(row, dict) : null;
}

export async function offreDocsOfEntreprises(
  db: Knex,
  dict: ConceptDictionary,
  entrepriseIds: number[],
): Promise<OffreDoc[]> {
  if (entrepriseIds.length === 0) return [];
  return ((await offresQuery(db).whereIn('o.entrepriseId', entrepriseIds)) as OffreRow[]).map((r) =>
    toOffreDoc(r, dict),
  );
}

interface CandidatRow {
  id: number | string;
  nom: string;
  prenom: string;
  jobTitle: string | null;
  competences: unknown;
  experienceLevelId: number | string | null;
  ordre: number | string | null;
  salaryRange: string | null;
  villeId: number | string | null;
  villeNom: string | null;
  regionId: number | string | null;
  regionNom: string | null;
  latitude: number | string | null;
  longitude: number | string | null;
  profilPublic: number | boolean;
  langue: string | null;
  contractTypes: unknown;
  prefSalaireMin: number | string | null;
  rayonKm: number | string | null;
  teletravail: Teletravail | null;
  visibleRecruteurs: number | boolean | null;
  invitationsAcceptees: number | boolean | null;
  digestHebdo: number | boolean | null;
  updatedAt: Date;
  prefsUpdatedAt: Date | null;
}

function candidatsQuery(db: Knex): Knex.QueryBuilder {
  // eslint-disable-next-line no-restricted-syntax -- SQL: bulk read for the recommendation index (keyset batches, no model instances)
  return db('candidates as c')
    .join('accounts as a', 'a.id', 'c.id')
    .leftJoin('recommendationPreferences as p', 'p.candidatId', 'c.id')
    .leftJoin('experienceLevels as l', 'l.id', 'c.experienceLevelId')
    .leftJoin('villes as v', 'v.id', 'c.villeId')
    .leftJoin('regions as r', 'r.id', 'v.regionId')
    .where('a.enabled', true)
    .select(
      'c.id',
      'c.nom',
      'c.prenom',
      'c.jobTitle',
      'c.competences',
      'c.experienceLevelId',
      'l.ordre',
      'c.salaryRange',
      'c.villeId',
      'v.nom as villeNom',
      'v.regionId',
      'r.nom as regionNom',
      'v.latitude',
      'v.longitude',
      'c.profilPublic',
      'a.langue',
      'p.contractTypes',
      'p.salaireMin as prefSalaireMin',
      'p.rayonKm',
      'p.teletravail',
      'p.visibleRecruteurs',
      'p.invitationsAcceptees',
      'p.digestHebdo',
      'c.updatedAt',
      'p.updatedAt as prefsUpdatedAt',
    );
}

function prefsOf(r: CandidatRow): Preferences {
  if (r.teletravail === null) return { ...DEFAULT_PREFERENCES };
  const types = r.contractTypes === null ? null : (jsonStringsColumn(r.contractTypes) as ContractType[]);
  return {
    contractTypes: types && types.length ? types : null,
    salaireMin: numberOrNull(r.prefSalaireMin),
    rayonKm: numberOrNull(r.rayonKm),
    teletravail: r.teletravail,
    visibleRecruteurs: Boolean(r.visibleRecruteurs),
    invitationsAcceptees: Boolean(r.invitationsAcceptees),
    digestHebdo: Boolean(r.digestHebdo),
  };
}

function toCandidatDoc(r: CandidatRow, dict: ConceptDictionary): CandidatDoc {
  const competences = jsonStringsColumn(r.competences);
  const title = dict.title(r.jobTitle ?? '');
  const skillList = competences.map((s) => dict.skill(s));
  const skillConcepts = new Set<number>();
  for (const a of [title, ...skillList]) for (const c of allConcepts(a)) skillConcepts.add(c);
  const prefs = prefsOf(r);
  return {
    id: Number(r.id),
    nom: r.nom,
    prenom: r.prenom,
    jobTitle: r.jobTitle,
    title,
    competences,
    skillConcepts,
    skillList,
    experienceLevelId: numberOrNull(r.experienceLevelId),
    years: yearsOfLevel(numberOrNull(r.ordre)),
    salaireAttendu: prefs.salaireMin ?? salaryFloorOf(r.salaryRange),
    langue: r.langue === 'en' ? 'en' : 'fr',
    profilPublic: Boolean(r.profilPublic),
    prefs,
    villeId: numberOrNull(r.villeId),
    villeNom: r.villeNom,
    regionId: numberOrNull(r.regionId),
    regionNom: r.regionNom,
    lat: numberOrNull(r.latitude),
    lng: numberOrNull(r.longitude),
  };
}

export async function* allCandidatDocs(db: Knex, dict: ConceptDictionary): AsyncGenerator<CandidatDoc[]> {
  let after = 0;
  for (;;) {
    const rows = (await candidatsQuery(db)
      .where('c.id', '>', after)
      .orderBy('c.id')
      .limit(BATCH)) as CandidatRow[];
    if (rows.length === 0) return;
    yield rows.map((r) => toCandidatDoc(r, dict));
    after = Number(rows[rows.length - 1].id);
  }
}

export async function candidatDocById(
  db: Knex,
  dict: ConceptDictionary,
  id: number,
): Promise<CandidatDoc | null> {
  const row = (await candidatsQuery(db).where('c.id', id).first()) as CandidatRow | undefined;
  return row ? toCandidatDoc(row, dict) : null;
}

/** Candidates whose profile or preferences changed at or after `since`, and the latest change seen. */
export async function candidatDocsChangedSince(
  db: Knex,
  dict: ConceptDictionary,
  since: Date,
): Promise<{ docs: CandidatDoc[]; goneIds: number[]; latest: Date }> {
  // eslint-disable-next-line no-restricted-syntax -- SQL: ids changed since a moment, through the updated_at indexes
  const changed = (await db('candidates')
    .where('updatedAt', '>=', since)
    .select('id', 'updatedAt')
    .union((q) => {
      q.from('recommendationPreferences').where('updatedAt', '>=', since).select('candidatId', 'updatedAt');
    })
    .limit(20_000)) as { id: number | string; updatedAt: Date }[];
  let latest = since;
  for (const r of changed) if (r.updatedAt > latest) latest = r.updatedAt;
  const ids = [...new Set(changed.map((r) => Number(r.id)))];
  if (ids.length === 0) return { docs: [], goneIds: [], latest };
  const rows = (await candidatsQuery(db).whereIn('c.id', ids)) as CandidatRow[];
  const docs = rows.map((r) => toCandidatDoc(r, dict));
  const found = new Set(docs.map((d) => d.id));
  return { docs, goneIds: ids.filter((id) => !found.has(id)), latest };
}
