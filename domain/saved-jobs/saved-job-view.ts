/**
 * A saved job as the candidate sees it. The offer may have changed since it was saved: its
 * current `offreStatus` is shown (PUBLISHED, ARCHIVED), or DELETED when the offer is gone, in
 * which case title and company come from the snapshot taken when it was saved.
 */
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import { fileUrl } from '../files/index.ts';
import { numberOrNull } from '../shared/index.ts';
import type { ContractType, OffreStatus } from '../../models/offre.ts';
import { SavedJob } from '../../models/saved-job.ts';
import type { SavedJob as SavedJobShape } from '../shapes/index.ts';

/** A saved job as the API shows it: the static type of its one schema. */
export type SavedJobView = Static<typeof SavedJobShape>;

/** A saved job with its offer and company when they still exist (left joins). */
export interface SavedJobRow {
  offreId: number;
  savedAt: Date;
  snapTitre: string | null;
  snapEntrepriseNom: string | null;
  id: number | null;
  status: OffreStatus | null;
  titre: string | null;
  entrepriseId: number | null;
  entrepriseNom: string | null;
  logoFileId: number | null;
  localisation: string | null;
  contractType: ContractType | null;
  salaireMin: number | string | null;
  salaireMax: number | string | null;
  remotePossible: boolean | null;
  deadline: string | null;
  publishedAt: Date | null;
}

/** The candidate's saved jobs (sj), left-joined to their offer (o) and its company (o:e). */
export function savedJobsQuery(db: Knex, candidatId: number) {
  return SavedJob.query(db)
    .alias('sj')
    .leftJoinRelated('offre.entreprise', { aliases: { offre: 'o', entreprise: 'e' } })
    .where('sj.candidatId', candidatId)
    .select(
      'sj.offreId',
      'sj.createdAt as savedAt',
      'sj.offreTitre as snapTitre',
      'sj.entrepriseNom as snapEntrepriseNom',
      'o.id',
      'o.status',
      'o.titre',
      'o.entrepriseId',
      'o:e.nomEntreprise as entrepriseNom',
      'o:e.logoFileId',
      'o.localisation',
      'o.contractType',
      'o.salaireMin',
      'o.salaireMax',
      'o.remotePossible',
      'o.deadline',
      'o.publishedAt',
    )
    .castTo<SavedJobRow[]>();
}

export function toSavedJobView(r: SavedJobRow, publicUrl: string): SavedJobView {
  return {
    offreId: r.offreId,
    savedAt: r.savedAt,
    offreStatus: r.id === null || r.status === null ? 'DELETED' : r.status,
    titre: r.titre ?? r.snapTitre,
    entrepriseId: r.entrepriseId,
    entrepriseNom: r.entrepriseNom ?? r.snapEntrepriseNom,
    entrepriseLogoUrl: r.logoFileId ? fileUrl(publicUrl, r.logoFileId) : null,
    localisation: r.localisation,
    contractType: r.contractType,
    salaireMin: numberOrNull(r.salaireMin),
    salaireMax: numberOrNull(r.salaireMax),
    remotePossible: r.remotePossible === null ? null : Boolean(r.remotePossible),
    deadline: r.deadline,
    publishedAt: r.publishedAt,
  };
}
