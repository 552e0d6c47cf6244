import { Model } from 'objection';

export type Role = 'CANDIDAT' | 'RECRUTEUR' | 'ADMIN' | 'SUPER_ADMIN';
export const ROLES: Role[] = ['CANDIDAT', 'RECRUTEUR', 'ADMIN', 'SUPER_ADMIN'];

/** Login identity shared by every kind of user; the profile tables reuse its id. */
export class Account extends Model {
  static override tableName = 'accounts';
  id!: number;
  email!: string;
  passwordHash!: string;
  role!: Role;
  enabled!: boolean;
  emailVerifiedAt!: Date | null;
  lastLoginAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;
}
