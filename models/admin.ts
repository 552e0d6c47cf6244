import { Model } from 'objection';
import { Account } from './account.ts';

export class Admin extends Model {
  static override tableName = 'admins';
  id!: number;
  nom!: string;
  prenom!: string;
  telephone!: string | null;
  niveauAcces!: string;
  /** Whether this administrator takes the daily email of what waits for moderation. */
  moderationDigest!: boolean;
  createdAt!: Date;
  updatedAt!: Date;
  account?: Account;

  static override relationMappings = () => ({
    account: {
      relation: Model.BelongsToOneRelation,
      modelClass: Account,
      join: { from: 'admins.id', to: 'accounts.id' },
    },
  });
}
