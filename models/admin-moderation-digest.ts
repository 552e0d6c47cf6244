import { Model } from 'objection';

/** The daily moderation email sent to an administrator: one per administrator and Cameroon day. */
export class AdminModerationDigest extends Model {
  static override tableName = 'adminModerationDigests';
  static override idColumn = ['adminId', 'day'];
  adminId!: number;
  /** YYYY-MM-DD, Cameroon calendar. */
  day!: string;
  createdAt!: Date;
}
