import { Model } from 'objection';

export class WebhookDeliveryAttempt extends Model {
  static override tableName = 'webhookDeliveryAttempts';
  id!: number;
  deliveryId!: number;
  attempt!: number;
  statusCode!: number | null;
  error!: string | null;
  durationMs!: number;
  createdAt!: Date;
}
