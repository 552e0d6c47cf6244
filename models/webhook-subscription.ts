import { Model } from 'objection';

export class WebhookSubscription extends Model {
  static override tableName = 'webhookSubscriptions';
  static override jsonAttributes = ['events'];
  id!: number;
  ownerAccountId!: number;
  scope!: 'recruiter' | 'admin';
  entrepriseId!: number | null;
  /** The integration app that owns it, for the company `entrepriseId`; null for the company's or an admin's own. */
  appId!: number | null;
  url!: string;
  events!: string[];
  secret!: string;
  /** The secret before the last rotation, still signing for a while (see domain/webhooks/standard-webhooks.ts). */
  previousSecret!: string | null;
  secretRotatedAt!: Date | null;
  active!: boolean;
  /**
   * Why the platform switched it off: GONE (410 from the receiver), FAILING (5 days of failures),
   * APP_SUSPENDED (its app was suspended; turned back on when the app is reactivated); null otherwise.
   */
  disabledReason!: 'GONE' | 'FAILING' | 'APP_SUSPENDED' | null;
  description!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}
