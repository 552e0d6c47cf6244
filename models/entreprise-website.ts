import { Model } from 'objection';

export class EntrepriseWebsite extends Model {
  static override tableName = 'entrepriseWebsites';
  id!: number;
  entrepriseId!: number;
  nom!: string;
  url!: string;
}
