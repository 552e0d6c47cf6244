import { Model } from 'objection';

/** The email outbox: written with the change that causes the email, sent by the job runner. */
export class OutboundEmail extends Model {
  static override tableName = 'outboundEmails';
  static override jsonAttributes = ['headers'];
  id!: number;
  toAddress!: string;
  subject!: string;
  textBody!: string;
  htmlBody!: string | null;
  headers!: Record<string, string> | null;
  template!: string;
  status!: 'PENDING' | 'SENT' | 'FAILED';
  attempts!: number;
  lastError!: string | null;
  nextAttemptAt!: Date;
  lockedUntil!: Date | null;
  messageId!: string | null;
  createdAt!: Date;
  sentAt!: Date | null;
}
