/**
 * The authorization server's storage adapter (oidc-provider's adapter interface) over MySQL, so
 * every API instance shares grants, codes, tokens, sessions and interactions. Records are keyed
 * by the SHA-256 of their id (a database read yields no usable token); the grant id, client id and
 * account id are kept in columns so a grant, an app or an account can be revoked in one DELETE.
 * Clients are not stored here: they are the APPROVED apps (domain/integrations).
 */
import type { Knex } from 'knex';
import { clientMetadataOf, entryKey } from '../../domain/integrations/index.ts';

type Payload = Record<string, unknown> & {
  grantId?: string;
  uid?: string;
  userCode?: string;
  clientId?: string;
  accountId?: string;
  consumed?: number;
  jti?: string;
};

/** Records whose id is a bearer credential: their id is stored only as its hash. */
const BEARER_MODELS = new Set(['AccessToken', 'ClientCredentials', 'RefreshToken', 'AuthorizationCode']);

export function mysqlAdapterFactory(db: Knex, idTokenAlg: string) {
  return class MysqlAdapter {
    readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      if (this.model === 'Client') return;
      const expiresAt = typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null;
      // eslint-disable-next-line no-restricted-syntax -- SQL: the library's storage adapter, an upsert on the hashed key
      await db('oauthEntries')
        .insert({
          model: this.model,
          idHash: entryKey(id),
          grantId: this.model === 'Grant' ? id : (payload.grantId ?? null),
          uidHash: payload.uid ? entryKey(payload.uid) : null,
          clientId: payload.clientId ?? null,
          accountId: payload.accountId ?? null,
          payload: JSON.stringify(BEARER_MODELS.has(this.model) ? { ...payload, jti: undefined } : payload),
          expiresAt,
        })
        .onConflict(['model', 'idHash'])
        .merge();
    }

    async find(id: string): Promise<Payload | undefined> {
      if (this.model === 'Client') return (await clientMetadataOf(db, id, idTokenAlg)) as Payload | undefined;
      const payload = await this.read('idHash', entryKey(id));
      // A bearer credential's id is the credential itself: kept out of the row, given back here.
      return payload && BEARER_MODELS.has(this.model) ? { ...payload, jti: id } : payload;
    }

    async findByUid(uid: string): Promise<Payload | undefined> {
      return this.read('uidHash', entryKey(uid));
    }

    async findByUserCode(): Promise<undefined> {
      // The device flow is off: there are no user codes.
      return undefined;
    }

    async consume(id: string): Promise<void> {
      await db.raw(
        `UPDATE oauth_entries SET consumed_at = CURRENT_TIMESTAMP(3),
           payload = JSON_SET(payload, '$.consumed', ?) WHERE model = ? AND id_hash = ?`,
        [Math.floor(Date.now() / 1000), this.model, entryKey(id)],
      );
    }

    async destroy(id: string): Promise<void> {
      await db.raw('DELETE FROM oauth_entries WHERE model = ? AND id_hash = ?', [this.model, entryKey(id)]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.raw('DELETE FROM oauth_entries WHERE model = ? AND grant_id = ?', [this.model, grantId]);
    }

    private async read(column: 'idHash' | 'uidHash', value: string): Promise<Payload | undefined> {
      // eslint-disable-next-line no-restricted-syntax -- SQL: the library's storage adapter reads its own records
      const row = (await db('oauthEntries')
        .where({ model: this.model, [column]: value })
        .first('payload', 'expiresAt')) as { payload: string | Payload; expiresAt: Date | null } | undefined;
      if (!row) return undefined;
      if (row.expiresAt && new Date(row.expiresAt).getTime() <= Date.now()) return undefined;
      return (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Payload;
    }
  };
}
