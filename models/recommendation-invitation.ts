import { Model } from 'objection';

/** A company invited a suggested candidate to apply to one of its offers (one per offer and candidate). */
export class RecommendationInvitation extends Model {
  static override tableName = 'recommendationInvitations';
  id!: number;
  entrepriseId!: number;
  offreId!: number;
  candidatId!: number;
  recruteurId!: number | null;
  createdAt!: Date;
}
