import { Model } from 'objection';

export class WebhookSubscription extends Model {
  static override tableName = 'webhookSubscriptions';
  static override jsonAttributes = ['events'];
  id!: number;
  ownerAccountId!: number;
  scope!: 'recruiter' | 'admin';
  entrepriseId!: number | null;
  url!: string;
  events!: string[];
  secret!: string;
  active!: boolean;
  description!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}
