import { Model } from 'objection';
import type { ContractType } from './offre.ts';
import type { Langue } from './account.ts';

export class JobAlert extends Model {
  static override tableName = 'jobAlerts';
  id!: number;
  candidatId!: number | null;
  email!: string;
  keywords!: string;
  villeId!: number | null;
  regionId!: number | null;
  contractType!: ContractType | null;
  salaireMin!: number | null;
  remotePossible!: boolean | null;
  active!: boolean;
  confirmedAt!: Date | null;
  unsubscribeToken!: string;
  lastMatchedAt!: Date | null;
  /** The language of the request that made the alert (used when it has no account). */
  langue!: Langue;
  createdAt!: Date;
  updatedAt!: Date;
}
