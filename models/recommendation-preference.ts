import { Model } from 'objection';
import type { ContractType } from './offre.ts';

export type Teletravail = 'INDIFFERENT' | 'SOUHAITE' | 'EXCLUSIF';

/** What a candidate without a row of preferences has: every filter off, visible, invitable, no digest. */
export const PREFERENCE_DEFAULTS = {
  contractTypes: null,
  salaireMin: null,
  rayonKm: null,
  teletravail: 'INDIFFERENT',
  visibleRecruteurs: true,
  invitationsAcceptees: true,
  digestHebdo: false,
} as const;

/** A candidate's matching preferences; no row means PREFERENCE_DEFAULTS. */
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
