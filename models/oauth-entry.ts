import { Model } from 'objection';

/**
 * One record of the OAuth server's storage (api/oauth/mysql-adapter.ts): a grant, a code, a
 * token, a session or an interaction, keyed by the SHA-256 of its id.
 */
export class OAuthEntry extends Model {
  static override tableName = 'oauthEntries';
  static override idColumn = ['model', 'idHash'];
  static override jsonAttributes = ['payload'];
  model!: string;
  idHash!: string;
  grantId!: string | null;
  uidHash!: string | null;
  clientId!: string | null;
  accountId!: string | null;
  payload!: Record<string, unknown>;
  expiresAt!: Date | null;
  consumedAt!: Date | null;
}
