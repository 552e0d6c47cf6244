/** A candidate as the moderation list shows it (account state, profile basics, application count). */
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import { NotFoundError } from '../errors.ts';
import { Candidate } from '../../models/candidate.ts';
import { Candidature } from '../../models/candidature.ts';
import type { AdminCandidate } from '../shapes/index.ts';

export type AdminCandidateView = Static<typeof AdminCandidate>;

interface Row extends Omit<AdminCandidateView, 'emailVerified' | 'candidaturesCount'> {
  emailVerifiedAt: Date | null;
  candidaturesCount: number | string;
}

/** Candidates joined to their account (`c`, `a`), with their application count; the caller adds its where. */
export function candidateRowsQuery(db: Knex) {
  return Candidate.query(db)
    .alias('c')
    .joinRelated('account', { alias: 'a' })
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
      Candidature.query(db).alias('cd').whereColumn('cd.candidatId', 'c.id').count().as('candidaturesCount'),
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
  const row = await candidateRowsQuery(db).where('c.id', id).first().castTo<Row | undefined>();
  if (!row) throw new NotFoundError('Candidate');
  return toAdminCandidateView(row);
}
