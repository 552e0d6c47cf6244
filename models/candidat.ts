import { Model } from 'objection';
import { Account } from './account.ts';
import { Ville } from './ville.ts';
import { ExperienceLevel } from './experience-level.ts';

export class Candidat extends Model {
  static override tableName = 'candidates';
  static override jsonAttributes = ['competences'];
  id!: number;
  nom!: string;
  prenom!: string;
  telephone!: string | null;
  jobTitle!: string | null;
  experienceLevelId!: number | null;
  employmentStatus!: string | null;
  availability!: string | null;
  qualificationLevel!: string | null;
  salaryRange!: string | null;
  villeId!: number | null;
  country!: string | null;
  competences!: string[] | null;
  bio!: string | null;
  profilPublic!: boolean;
  cvFileId!: number | null;
  photoFileId!: number | null;
  notifyCandidatureRecue!: boolean;
  notifyStatutCandidature!: boolean;
  createdAt!: Date;
  updatedAt!: Date;
  account?: Account;
  ville?: Ville | null;
  experienceLevel?: ExperienceLevel | null;

  static override relationMappings = () => ({
    account: {
      relation: Model.BelongsToOneRelation,
      modelClass: Account,
      join: { from: 'candidates.id', to: 'accounts.id' },
    },
    ville: {
      relation: Model.BelongsToOneRelation,
      modelClass: Ville,
      join: { from: 'candidates.villeId', to: 'villes.id' },
    },
    experienceLevel: {
      relation: Model.BelongsToOneRelation,
      modelClass: ExperienceLevel,
      join: { from: 'candidates.experienceLevelId', to: 'experienceLevels.id' },
    },
  });
}
