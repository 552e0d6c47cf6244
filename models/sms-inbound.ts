import { Model } from 'objection';

/** A message a phone sent back (mobile-originated), and what it did. */
export class SmsInbound extends Model {
  static override tableName = 'smsInbound';
  id!: number;
  fromNumber!: string;
  body!: string;
  action!: 'stop' | 'ignored';
  receivedAt!: Date;
}
