import { Model } from 'objection';
import { Offre } from './offre.ts';
import { Candidat } from './candidat.ts';
import { CandidatureNote } from './candidature-note.ts';

export type CandidatureStatus = 'NEW' | 'IN_PROGRESS' | 'TO_MEET' | 'MET' | 'HIRED' | 'REJECTED';
export const CANDIDATURE_STATUSES: CandidatureStatus[] = [
  'NEW',
  'IN_PROGRESS',
  'TO_MEET',
  'MET',
  'HIRED',
  'REJECTED',
];

export class Candidature extends Model {
  static override tableName = 'candidatures';
  id!: number;
  offreId!: number;
  candidatId!: number | null;
  status!: CandidatureStatus;
  lettreMotivation!: string | null;
  anonymized!: boolean;
  /** The CV sent with the application (the profile's CV at the time), kept when the profile's changes. */
  cvFileId!: number | null;
  dateCandidature!: Date;
  lastActionDate!: Date;
  createdAt!: Date;
  updatedAt!: Date;
  offre?: Offre;
  candidat?: Candidat | null;
  notes?: CandidatureNote[];

  static override relationMappings = () => ({
    offre: {
      relation: Model.BelongsToOneRelation,
      modelClass: Offre,
      join: { from: 'candidatures.offreId', to: 'offres.id' },
    },
    candidat: {
      relation: Model.BelongsToOneRelation,
      modelClass: Candidat,
      join: { from: 'candidatures.candidatId', to: 'candidates.id' },
    },
    notes: {
      relation: Model.HasManyRelation,
      modelClass: CandidatureNote,
      join: { from: 'candidatures.id', to: 'candidatureNotes.candidatureId' },
    },
  });
}
