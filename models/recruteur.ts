import { Model } from 'objection';
import { Account } from './account.ts';
import { Entreprise } from './entreprise.ts';
import { RecruteurStatusHistory } from './recruteur-status-history.ts';

export type RecruteurStatus =
  'PENDING_EMAIL' | 'PENDING_DOCS' | 'PENDING_APPROVAL' | 'ACTIVE' | 'REJECTED' | 'SUSPENDED';
export const RECRUTEUR_STATUSES: RecruteurStatus[] = [
  'PENDING_EMAIL',
  'PENDING_DOCS',
  'PENDING_APPROVAL',
  'ACTIVE',
  'REJECTED',
  'SUSPENDED',
];
export type EntrepriseRole = 'OWNER' | 'MEMBER';
/** How a recruiter hears of new applications to its company's offers. */
export type CandidatureNotifications = 'IMMEDIATE' | 'DAILY_DIGEST' | 'NONE';
export const CANDIDATURE_NOTIFICATIONS: CandidatureNotifications[] = ['IMMEDIATE', 'DAILY_DIGEST', 'NONE'];

export class Recruteur extends Model {
  static override tableName = 'recruiters';
  id!: number;
  entrepriseId!: number;
  nom!: string;
  prenom!: string;
  telephone!: string | null;
  posteOccupe!: string | null;
  status!: RecruteurStatus;
  companyRole!: EntrepriseRole;
  documentFileId!: number | null;
  notificationsCandidatures!: CandidatureNotifications;
  createdAt!: Date;
  updatedAt!: Date;
  account?: Account;
  entreprise?: Entreprise;
  statusHistory?: RecruteurStatusHistory[];

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
      modelClass: RecruteurStatusHistory,
      join: { from: 'recruiters.id', to: 'recruiterStatusHistory.recruiterId' },
    },
  });
}
