import { Model } from 'objection';
import { Ville } from './ville.ts';

export class Region extends Model {
  static override tableName = 'regions';
  id!: number;
  nom!: string;
  code!: string;
  chefLieu!: string;
  villes?: Ville[];

  static override relationMappings = () => ({
    villes: {
      relation: Model.HasManyRelation,
      modelClass: Ville,
      join: { from: 'regions.id', to: 'villes.regionId' },
    },
  });
}
