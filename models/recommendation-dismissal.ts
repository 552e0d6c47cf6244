import { Model } from 'objection';

export type DismissReason =
  'METIER' | 'COMPETENCES' | 'LIEU' | 'SALAIRE' | 'CONTRAT' | 'ENTREPRISE' | 'AUTRE';
export const DISMISS_REASONS: DismissReason[] = [
  'METIER',
  'COMPETENCES',
  'LIEU',
  'SALAIRE',
  'CONTRAT',
  'ENTREPRISE',
  'AUTRE',
];

/** An offer a candidate marked "not interested": never recommended to them again. */
export class RecommendationDismissal extends Model {
  static override tableName = 'recommendationDismissals';
  static override idColumn = ['candidatId', 'offreId'];
  candidatId!: number;
  offreId!: number;
  reason!: DismissReason;
  comment!: string | null;
  createdAt!: Date;
}
