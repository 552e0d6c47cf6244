import { Model } from 'objection';
import type { ContractType } from './offre.ts';

export type Teletravail = 'INDIFFERENT' | 'SOUHAITE' | 'EXCLUSIF';

/** A candidate's matching preferences; no row means every default. */
export class RecommendationPreference extends Model {
  static override tableName = 'recommendationPreferences';
  static override idColumn = 'candidatId';
  static override jsonAttributes = ['contractTypes'];
  candidatId!: number;
  contractTypes!: ContractType[] | null;
  salaireMin!: number | null;
  rayonKm!: number | null;
  teletravail!: Teletravail;
  visibleRecruteurs!: boolean;
  invitationsAcceptees!: boolean;
  digestHebdo!: boolean;
  updatedAt!: Date;
}
