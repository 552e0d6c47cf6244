import { Model } from 'objection';
import { Recruteur } from './recruteur.ts';

export class CandidatureNote extends Model {
  static override tableName = 'candidatureNotes';
  id!: number;
  candidatureId!: number;
  recruteurId!: number | null;
  content!: string;
  createdAt!: Date;
  recruteur?: Recruteur | null;

  static override relationMappings = () => ({
    recruteur: {
      relation: Model.BelongsToOneRelation,
      modelClass: Recruteur,
      join: { from: 'candidatureNotes.recruteurId', to: 'recruiters.id' },
    },
  });
}
