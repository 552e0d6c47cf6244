import { Model } from 'objection';

/** Which application was announced to which recruiter, and how: one row per pair, ever. */
export class CandidatureRecruteurEmail extends Model {
  static override tableName = 'candidatureRecruiterEmails';
  id!: number;
  candidatureId!: number;
  recruteurId!: number;
  mode!: 'IMMEDIATE' | 'DAILY_DIGEST';
  createdAt!: Date;
}
