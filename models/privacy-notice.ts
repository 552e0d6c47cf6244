import { Model } from 'objection';

/** The inactivity notice of a candidate account (one per account; removed when the account is active again). */
export class PrivacyNotice extends Model {
  static override tableName = 'privacyNotices';
  static override idColumn = 'accountId';
  accountId!: number;
  notifiedAt!: Date;
  lastActivityAt!: Date;
}
