import { Model } from 'objection';

/** An offer sent to a candidate in a weekly digest: one row per pair, ever. */
export class RecommendationDigestOffre extends Model {
  static override tableName = 'recommendationDigestOffres';
  static override idColumn = ['candidatId', 'offreId'];
  candidatId!: number;
  offreId!: number;
  digestId!: number;
  /** 1 for the best offer of the digest. */
  position!: number;
  createdAt!: Date;
}
