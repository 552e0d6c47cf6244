import { Model } from 'objection';

export class CandidatureStatusHistory extends Model {
  static override tableName = 'candidatureStatusHistory';
  id!: number;
  candidatureId!: number;
  oldStatus!: string | null;
  newStatus!: string;
  reason!: string | null;
  changedByAccountId!: number | null;
  changedAt!: Date;
}
