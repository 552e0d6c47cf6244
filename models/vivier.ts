import { Model } from 'objection';
import { VivierCandidat } from './vivier-candidat.ts';

export class Vivier extends Model {
  static override tableName = 'viviers';
  id!: number;
  entrepriseId!: number;
  nom!: string;
  description!: string | null;
  createdBy!: number | null;
  createdAt!: Date;
  updatedAt!: Date;
  candidats?: VivierCandidat[];

  static override relationMappings = () => ({
    candidats: {
      relation: Model.HasManyRelation,
      modelClass: VivierCandidat,
      join: { from: 'viviers.id', to: 'vivierCandidats.vivierId' },
    },
  });
}
