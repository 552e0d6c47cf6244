import { Model } from 'objection';
import type { ContractType } from './offre.ts';
import type { Langue } from './account.ts';

export const ALERT_FREQUENCIES = ['INSTANT', 'DAILY', 'WEEKLY'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

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
  /** INSTANT (matched when an offer is published), DAILY (the default) or WEEKLY. */
  frequency!: AlertFrequency;
  /** Also sent by SMS, one segment, to the candidate's confirmed mobile. */
  sms!: boolean;
  createdAt!: Date;
  updatedAt!: Date;
}
