import { Model } from 'objection';

/** A candidate's mobile for SMS: usable once confirmed by a code, off after STOP. */
export class SmsPhone extends Model {
  static override tableName = 'smsPhones';
  static override idColumn = 'candidatId';
  candidatId!: number;
  phone!: string;
  confirmedAt!: Date | null;
  enabled!: boolean;
  statusNotices!: boolean;
  stoppedAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;
}
