import { Model } from 'objection';
import { Offre } from './offre.ts';

export class SavedJob extends Model {
  static override tableName = 'savedJobs';
  static override idColumn = ['candidatId', 'offreId'];
  candidatId!: number;
  offreId!: number;
  createdAt!: Date;
  offre?: Offre;

  static override relationMappings = () => ({
    offre: {
      relation: Model.BelongsToOneRelation,
      modelClass: Offre,
      join: { from: 'savedJobs.offreId', to: 'offres.id' },
    },
  });
}
