import { Model } from 'objection';
import { Ville } from './ville.ts';

export class Quartier extends Model {
  static override tableName = 'quartiers';
  id!: number;
  villeId!: number;
  nom!: string;
  slug!: string;
  latitude!: number | null;
  longitude!: number | null;
  ville?: Ville;

  static override relationMappings = () => ({
    ville: {
      relation: Model.BelongsToOneRelation,
      modelClass: Ville,
      join: { from: 'quartiers.villeId', to: 'villes.id' },
    },
  });
}
