/** A candidate as the moderation list shows it (account state, profile basics, application count). */
import type { Knex } from 'knex';
import { NotFoundError } from '../errors.ts';

export interface AdminCandidateView {
  id: number;
  email: string;
  nom: string;
  prenom: string;
  telephone: string | null;
  enabled: boolean;
  emailVerified: boolean;
  profilPublic: boolean;
  candidaturesCount: number;
  createdAt: Date;
  lastLoginAt: Date | null;
}

interface Row extends Omit<AdminCandidateView, 'emailVerified' | 'candidaturesCount'> {
  emailVerifiedAt: Date | null;
  candidaturesCount: number | string;
}

export function candidateRowsQuery(db: Knex): Knex.QueryBuilder {
  return db('candidates as c')
    .join('accounts as a', 'a.id', 'c.id')
    .select(
      'c.id',
      'a.email',
      'c.nom',
      'c.prenom',
      'c.telephone',
      'a.enabled',
      'a.emailVerifiedAt',
      'c.profilPublic',
      'a.createdAt',
      'a.lastLoginAt',
      db.raw('(SELECT COUNT(*) FROM candidatures cd WHERE cd.candidat_id = c.id) AS candidatures_count'),
    );
}

export function toAdminCandidateView(r: Row): AdminCandidateView {
  return {
    id: r.id,
    email: r.email,
    nom: r.nom,
    prenom: r.prenom,
    telephone: r.telephone,
    enabled: Boolean(r.enabled),
    emailVerified: r.emailVerifiedAt !== null,
    profilPublic: Boolean(r.profilPublic),
    candidaturesCount: Number(r.candidaturesCount),
    createdAt: r.createdAt,
    lastLoginAt: r.lastLoginAt,
  };
}

export async function loadAdminCandidate(db: Knex, id: number): Promise<AdminCandidateView> {
  const row = (await candidateRowsQuery(db).where('c.id', id).first()) as Row | undefined;
  if (!row) throw new NotFoundError('Candidate');
  return toAdminCandidateView(row);
}
