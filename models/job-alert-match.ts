import { Model } from 'objection';

export class JobAlertMatch extends Model {
  static override tableName = 'jobAlertMatches';
  static override idColumn = ['alertId', 'offreId'];
  alertId!: number;
  offreId!: number;
  emailId!: number | null;
  createdAt!: Date;
}
