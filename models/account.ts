import { Model } from 'objection';

export type Role = 'CANDIDAT' | 'RECRUTEUR' | 'ADMIN' | 'SUPER_ADMIN';
export const ROLES: Role[] = ['CANDIDAT', 'RECRUTEUR', 'ADMIN', 'SUPER_ADMIN'];

/** The language of an account's emails (and of alerts made without an account); French by default. */
export type Langue = 'fr' | 'en';
export const LANGUES: readonly Langue[] = ['fr', 'en'];

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
  langue!: Langue;
  createdAt!: Date;
  updatedAt!: Date;
}
