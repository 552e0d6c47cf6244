import { Model } from 'objection';

export type OneTimeTokenPurpose =
  'EMAIL_VALIDATION' | 'PASSWORD_RESET' | 'RECRUITER_INVITATION' | 'ALERT_CONFIRMATION';

export class OneTimeToken extends Model {
  static override tableName = 'oneTimeTokens';
  static override jsonAttributes = ['payload'];
  id!: number;
  purpose!: OneTimeTokenPurpose;
  tokenHash!: string;
  accountId!: number | null;
  payload!: Record<string, unknown> | null;
  expiresAt!: Date;
  usedAt!: Date | null;
  createdAt!: Date;
}
