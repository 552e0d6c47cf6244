import { Model } from 'objection';
import { Recruiter } from './recruiter.ts';

export class CandidatureNote extends Model {
  static override tableName = 'candidatureNotes';
  id!: number;
  candidatureId!: number;
  recruteurId!: number | null;
  content!: string;
  createdAt!: Date;
  recruteur?: Recruiter | null;

  static override relationMappings = () => ({
    recruteur: {
      relation: Model.BelongsToOneRelation,
      modelClass: Recruiter,
      join: { from: 'candidatureNotes.recruteurId', to: 'recruiters.id' },
    },
  });
}
