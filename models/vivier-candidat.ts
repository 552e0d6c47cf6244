import { Model } from 'objection';
import { Vivier } from './vivier.ts';

export class VivierCandidat extends Model {
  static override tableName = 'vivierCandidats';
  static override jsonAttributes = ['tags'];
  id!: number;
  vivierId!: number;
  candidatId!: number | null;
  email!: string;
  nom!: string | null;
  prenom!: string | null;
  telephone!: string | null;
  tags!: string[] | null;
  notes!: string | null;
  source!: 'MANUAL' | 'IMPORT';
  importId!: number | null;
  createdAt!: Date;
  updatedAt!: Date;
  vivier?: Vivier;

  static override relationMappings = () => ({
    vivier: {
      relation: Model.BelongsToOneRelation,
      modelClass: Vivier,
      join: { from: 'vivierCandidats.vivierId', to: 'viviers.id' },
    },
  });
}
