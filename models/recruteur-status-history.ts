import { Model } from 'objection';

export class RecruteurStatusHistory extends Model {
  static override tableName = 'recruiterStatusHistory';
  id!: number;
  recruiterId!: number;
  oldStatus!: string | null;
  newStatus!: string;
  reason!: string | null;
  changedByEmail!: string | null;
  changedByName!: string | null;
  changedAt!: Date;
}
