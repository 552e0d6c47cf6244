import { Model } from 'objection';

export type SmsStatus = 'PENDING' | 'SENT' | 'DELIVERED' | 'UNDELIVERED' | 'FAILED' | 'CANCELLED';
export type SmsKind = 'code' | 'alert' | 'status' | 'stop-reply';

/** The SMS outbox: written with the change that causes the message, sent by the job runner. */
export class SmsMessage extends Model {
  static override tableName = 'smsMessages';
  id!: number;
  toNumber!: string;
  body!: string;
  kind!: SmsKind;
  candidatId!: number | null;
  segments!: number;
  localDay!: string;
  status!: SmsStatus;
  attempts!: number;
  lastError!: string | null;
  nextAttemptAt!: Date;
  lockedUntil!: Date | null;
  providerId!: string | null;
  dlrStatus!: string | null;
  dlrAt!: Date | null;
  createdAt!: Date;
  sentAt!: Date | null;
  /** The domain event this SMS was written for (application notices), once per event. */
  sourceEventId!: number | null;
}
