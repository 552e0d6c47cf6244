import { Model } from 'objection';
import { Offre } from './offre.ts';

export class SavedJob extends Model {
  static override tableName = 'savedJobs';
  static override idColumn = ['candidatId', 'offreId'];
  candidatId!: number;
  offreId!: number;
  /** Snapshot of the offer's title when it was saved (the list still names a deleted offer). */
  offreTitre!: string | null;
  /** Snapshot of the company's name when it was saved. */
  entrepriseNom!: string | null;
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
