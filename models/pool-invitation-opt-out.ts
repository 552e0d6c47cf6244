import { Model } from 'objection';

/** An address that opted out of every company's pool invitations (the email is the key). */
export class PoolInvitationOptOut extends Model {
  static override tableName = 'poolInvitationOptOuts';
  static override idColumn = 'email';
  email!: string;
  createdAt!: Date;
}
