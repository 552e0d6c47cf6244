import { Model } from 'objection';
import type { CandidatureStatus } from './candidature.ts';

export class CandidatureStatusHistory extends Model {
  static override tableName = 'candidatureStatusHistory';
  id!: number;
  candidatureId!: number;
  oldStatus!: CandidatureStatus | null;
  newStatus!: CandidatureStatus;
  reason!: string | null;
  changedByAccountId!: number | null;
  changedAt!: Date;
}
