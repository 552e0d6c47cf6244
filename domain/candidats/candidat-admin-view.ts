/** A candidate as the moderation list shows it (account state, profile basics, application count). */
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import { NotFoundError } from '../errors.ts';
import { Candidat } from '../../models/candidat.ts';
import { Candidature } from '../../models/candidature.ts';
import type { AdminCandidat } from '../shapes/index.ts';

export type AdminCandidatView = Static<typeof AdminCandidat>;

interface Row extends Omit<AdminCandidatView, 'emailVerified' | 'candidaturesCount'> {
  emailVerifiedAt: Date | null;
  candidaturesCount: number | string;
}

/** Candidates joined to their account (`c`, `a`), with their application count; the caller adds its where. */
export function candidatRowsQuery(db: Knex) {
  return Candidat.query(db)
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

export function toAdminCandidatView(r: Row): AdminCandidatView {
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

export async function loadAdminCandidat(db: Knex, id: number): Promise<AdminCandidatView> {
  const row = await candidatRowsQuery(db).where('c.id', id).first().castTo<Row | undefined>();
  if (!row) throw new NotFoundError('Candidate');
  return toAdminCandidatView(row);
}
