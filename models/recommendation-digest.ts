import { Model } from 'objection';

/** A weekly "offers for you" digest sent to a candidate: one per candidate and Cameroon week. */
export class RecommendationDigest extends Model {
  static override tableName = 'recommendationDigests';
  id!: number;
  candidatId!: number;
  /** The Monday (YYYY-MM-DD, Cameroon calendar) of the week it was sent in. */
  weekStart!: string;
  offresCount!: number;
  emailId!: number | null;
  smsId!: number | null;
  createdAt!: Date;
}
