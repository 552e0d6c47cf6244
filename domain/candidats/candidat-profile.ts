/**
 * The candidate profile as the API shows it: the private view (GET/PUT /candidats/me, the
 * candidate's own data) and the public view (GET /public/candidats/{id}), which never carries
 * email, phone, salary expectations or the CV (profilPublic strictly respected).
 */
import type { Knex } from 'knex';
import type { AnyQueryBuilder } from 'objection';
import type { Static } from 'typebox';
import { fileUrl } from '../files/index.ts';
import type { Account } from '../../models/account.ts';
import { Candidat } from '../../models/candidat.ts';
import { jsonStringsColumn } from '../../lib/json-column.ts';
import type {
  CandidatProfile as CandidateProfileShape,
  PublicCandidatProfile as PublicCandidateProfileShape,
} from '../shapes/index.ts';

/** The candidate's own profile as the API shows it: the static type of its one schema. */
export type CandidatProfile = Static<typeof CandidateProfileShape>;

/** What anyone may see of a public profile: the static type of its schema. */
export type PublicCandidatProfile = Static<typeof PublicCandidateProfileShape>;

export const parseCompetences = (value: string | string[] | null): string[] => jsonStringsColumn(value);

/** The candidate with its account (email, enabled, langue) and city name; null without both rows. */
async function loadCandidat(db: Knex, id: number): Promise<{ c: Candidat; account: Account } | null> {
  const candidat = await Candidat.query(db)
    .findById(id)
    .withGraphFetched('[account(login), ville(name)]')
    .modifiers({
      login: (q: AnyQueryBuilder) => {
        q.select('id', 'email', 'enabled', 'langue');
      },
      name: (q: AnyQueryBuilder) => {
        q.select('id', 'nom');
      },
    });
  return candidat?.account ? { c: candidat, account: candidat.account } : null;
}

export async function loadCandidatProfile(
  db: Knex,
  id: number,
  publicUrl: string,
): Promise<CandidatProfile | null> {
  const loaded = await loadCandidat(db, id);
  if (!loaded) return null;
  const { c, account } = loaded;
  return {
    id: c.id,
    email: account.email,
    nom: c.nom,
    prenom: c.prenom,
    telephone: c.telephone,
    langue: account.langue,
    jobTitle: c.jobTitle,
    experienceLevelId: c.experienceLevelId,
    employmentStatus: c.employmentStatus,
    availability: c.availability,
    qualificationLevel: c.qualificationLevel,
    salaryRange: c.salaryRange,
    villeId: c.villeId,
    villeNom: c.ville?.nom ?? null,
    country: c.country,
    competences: parseCompetences(c.competences),
    bio: c.bio,
    profilPublic: Boolean(c.profilPublic),
    cvUrl: c.cvFileId ? fileUrl(publicUrl, c.cvFileId) : null,
    photoUrl: c.photoFileId ? fileUrl(publicUrl, c.photoFileId) : null,
    notifications: {
      candidatureRecue: Boolean(c.notifyCandidatureRecue),
      statutCandidature: Boolean(c.notifyStatutCandidature),
    },
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** Null unless the profile is public and the account enabled. */
export async function loadPublicCandidatProfile(
  db: Knex,
  id: number,
  publicUrl: string,
): Promise<PublicCandidatProfile | null> {
  const loaded = await loadCandidat(db, id);
  if (!loaded || !loaded.c.profilPublic || !loaded.account.enabled) return null;
  const row = loaded.c;
  return {
    id: row.id,
    nom: row.nom,
    prenom: row.prenom,
    jobTitle: row.jobTitle,
    experienceLevelId: row.experienceLevelId,
    availability: row.availability,
    qualificationLevel: row.qualificationLevel,
    villeId: row.villeId,
    villeNom: row.ville?.nom ?? null,
    country: row.country,
    competences: parseCompetences(row.competences),
    bio: row.bio,
    photoUrl: row.photoFileId ? fileUrl(publicUrl, row.photoFileId) : null,
  };
}
