/**
 * The candidate profile as the API shows it: the private view (GET/PUT /candidats/me, the
 * candidate's own data) and the public view (GET /public/candidats/{id}), which never carries
 * email, phone, salary expectations or the CV (profilPublic strictly respected).
 */
import type { Knex } from 'knex';
import { fileUrl } from '../files/file-urls.ts';
import type { Langue } from '../../models/account.ts';
import { jsonStringsColumn } from '../../lib/json-column.ts';

export interface CandidateProfile {
  id: number;
  email: string;
  nom: string;
  prenom: string;
  telephone: string | null;
  /** The language of the account's emails. */
  langue: Langue;
  jobTitle: string | null;
  experienceLevelId: number | null;
  employmentStatus: string | null;
  availability: string | null;
  qualificationLevel: string | null;
  salaryRange: string | null;
  villeId: number | null;
  villeNom: string | null;
  country: string | null;
  competences: string[];
  bio: string | null;
  profilPublic: boolean;
  cvUrl: string | null;
  photoUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type PublicCandidateProfile = Pick<
  CandidateProfile,
  | 'id'
  | 'nom'
  | 'prenom'
  | 'jobTitle'
  | 'experienceLevelId'
  | 'availability'
  | 'qualificationLevel'
  | 'villeId'
  | 'villeNom'
  | 'country'
  | 'competences'
  | 'bio'
  | 'photoUrl'
>;

interface CandidateRow extends Omit<CandidateProfile, 'competences' | 'cvUrl' | 'photoUrl'> {
  competences: string | string[] | null;
  cvFileId: number | null;
  photoFileId: number | null;
  enabled: boolean;
}

export const parseCompetences = (value: string | string[] | null): string[] => jsonStringsColumn(value);

async function loadRow(db: Knex, id: number): Promise<CandidateRow | null> {
  const row = (await db('candidates as c')
    .join('accounts as a', 'a.id', 'c.id')
    .leftJoin('villes as v', 'v.id', 'c.villeId')
    .where('c.id', id)
    .first(
      'c.id',
      'a.email',
      'a.enabled',
      'c.nom',
      'c.prenom',
      'c.telephone',
      'a.langue',
      'c.jobTitle',
      'c.experienceLevelId',
      'c.employmentStatus',
      'c.availability',
      'c.qualificationLevel',
      'c.salaryRange',
      'c.villeId',
      'v.nom as villeNom',
      'c.country',
      'c.competences',
      'c.bio',
      'c.profilPublic',
      'c.cvFileId',
      'c.photoFileId',
      'c.createdAt',
      'c.updatedAt',
    )) as CandidateRow | undefined;
  return row ?? null;
}

export async function loadCandidateProfile(
  db: Knex,
  id: number,
  publicUrl: string,
): Promise<CandidateProfile | null> {
  const row = await loadRow(db, id);
  if (!row) return null;
  const { cvFileId, photoFileId, enabled: _enabled, ...rest } = row;
  return {
    ...rest,
    profilPublic: Boolean(row.profilPublic),
    competences: parseCompetences(row.competences),
    cvUrl: cvFileId ? fileUrl(publicUrl, cvFileId) : null,
    photoUrl: photoFileId ? fileUrl(publicUrl, photoFileId) : null,
  };
}

/** Null unless the profile is public and the account enabled. */
export async function loadPublicCandidateProfile(
  db: Knex,
  id: number,
  publicUrl: string,
): Promise<PublicCandidateProfile | null> {
  const row = await loadRow(db, id);
  if (!row || !row.profilPublic || !row.enabled) return null;
  return {
    id: row.id,
    nom: row.nom,
    prenom: row.prenom,
    jobTitle: row.jobTitle,
    experienceLevelId: row.experienceLevelId,
    availability: row.availability,
    qualificationLevel: row.qualificationLevel,
    villeId: row.villeId,
    villeNom: row.villeNom,
    country: row.country,
    competences: parseCompetences(row.competences),
    bio: row.bio,
    photoUrl: row.photoFileId ? fileUrl(publicUrl, row.photoFileId) : null,
  };
}
