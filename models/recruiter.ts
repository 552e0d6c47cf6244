import { Model } from 'objection';
import { Account } from './account.ts';
import { Entreprise } from './entreprise.ts';
import { RecruiterStatusHistory } from './recruiter-status-history.ts';

export type RecruiterStatus =
  'PENDING_EMAIL' | 'PENDING_DOCS' | 'PENDING_APPROVAL' | 'ACTIVE' | 'REJECTED' | 'SUSPENDED';
export const RECRUITER_STATUSES: RecruiterStatus[] = [
  'PENDING_EMAIL',
  'PENDING_DOCS',
  'PENDING_APPROVAL',
  'ACTIVE',
  'REJECTED',
  'SUSPENDED',
];
export type CompanyRole = 'OWNER' | 'MEMBER';
/** How a recruiter hears of new applications to its company's offers. */
export type CandidatureNotifications = 'IMMEDIATE' | 'DAILY_DIGEST' | 'NONE';
export const CANDIDATURE_NOTIFICATIONS: CandidatureNotifications[] = ['IMMEDIATE', 'DAILY_DIGEST', 'NONE'];

export class Recruiter extends Model {
  static override tableName = 'recruiters';
  id!: number;
  entrepriseId!: number;
  nom!: string;
  prenom!: string;
  telephone!: string | null;
  posteOccupe!: string | null;
  status!: RecruiterStatus;
  companyRole!: CompanyRole;
  documentFileId!: number | null;
  notificationsCandidatures!: CandidatureNotifications;
  createdAt!: Date;
  updatedAt!: Date;
  account?: Account;
  entreprise?: Entreprise;
  statusHistory?: RecruiterStatusHistory[];

  static override relationMappings = () => ({
    account: {
      relation: Model.BelongsToOneRelation,
      modelClass: Account,
      join: { from: 'recruiters.id', to: 'accounts.id' },
    },
    entreprise: {
      relation: Model.BelongsToOneRelation,
      modelClass: Entreprise,
      join: { from: 'recruiters.entrepriseId', to: 'entreprises.id' },
    },
    statusHistory: {
      relation: Model.HasManyRelation,
      modelClass: RecruiterStatusHistory,
      join: { from: 'recruiters.id', to: 'recruiterStatusHistory.recruiterId' },
    },
  });
}
