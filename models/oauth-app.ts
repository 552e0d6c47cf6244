import { Model } from 'objection';

export type OAuthAppStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'SUSPENDED';
export type OAuthClientType = 'confidential' | 'public';

/** A third-party integration registered by a company (see domain/integrations). */
export class OAuthApp extends Model {
  static override tableName = 'oauthApps';
  static override jsonAttributes = ['redirectUris', 'scopes'];
  id!: number;
  entrepriseId!: number;
  ownerAccountId!: number | null;
  clientId!: string;
  clientSecretHash!: string | null;
  clientType!: OAuthClientType;
  name!: string;
  redirectUris!: string[];
  logoUrl!: string | null;
  website!: string | null;
  scopes!: string[];
  status!: OAuthAppStatus;
  statusReason!: string | null;
  reviewedAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;
}
