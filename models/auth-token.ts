import { Model } from 'objection';

export class AuthToken extends Model {
  static override tableName = 'authTokens';
  id!: number;
  accountId!: number;
  jti!: string;
  type!: 'ACCESS' | 'REFRESH';
  familyId!: string;
  expiresAt!: Date;
  revokedAt!: Date | null;
  usedAt!: Date | null;
  createdAt!: Date;
}
