import { Model } from 'objection';

export class EntrepriseSocialNetwork extends Model {
  static override tableName = 'entrepriseSocialNetworks';
  id!: number;
  entrepriseId!: number;
  plateforme!: string;
  url!: string;
}
