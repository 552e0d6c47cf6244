import { Model } from 'objection';
import type { ContractType } from './offre.ts';

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
  createdAt!: Date;
  updatedAt!: Date;
}
