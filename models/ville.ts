import { Model } from 'objection';
import { Region } from './region.ts';
import { Quartier } from './quartier.ts';

export class Ville extends Model {
  static override tableName = 'villes';
  id!: number;
  regionId!: number;
  nom!: string;
  slug!: string;
  latitude!: number;
  longitude!: number;
  population!: number;
  region?: Region;
  quartiers?: Quartier[];

  static override relationMappings = () => ({
    region: {
      relation: Model.BelongsToOneRelation,
      modelClass: Region,
      join: { from: 'villes.regionId', to: 'regions.id' },
    },
    quartiers: {
      relation: Model.HasManyRelation,
      modelClass: Quartier,
      join: { from: 'villes.id', to: 'quartiers.villeId' },
    },
  });
}
