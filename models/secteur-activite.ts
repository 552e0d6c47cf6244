import { Model } from 'objection';
import { Entreprise } from './entreprise.ts';

export class SecteurActivite extends Model {
  static override tableName = 'secteursActivite';
  id!: number;
  nom!: string;
  description!: string | null;
  actif!: boolean;
  createdAt!: Date;
  updatedAt!: Date;
  entreprises?: Entreprise[];

  static override relationMappings = () => ({
    entreprises: {
      relation: Model.HasManyRelation,
      modelClass: Entreprise,
      join: { from: 'secteursActivite.id', to: 'entreprises.secteurActiviteId' },
    },
  });
}
