import { Model } from 'objection';

/** A one-time code sent by SMS to confirm a mobile (only its hash is kept). */
export class SmsPhoneCode extends Model {
  static override tableName = 'smsPhoneCodes';
  id!: number;
  candidatId!: number;
  phone!: string;
  codeHash!: string;
  tries!: number;
  expiresAt!: Date;
  usedAt!: Date | null;
  createdAt!: Date;
}
