/**
 * The key that signs the authorization server's ID tokens. OAUTH_SIGNING_KEY (a private JWK, EC
 * P-256 or RSA) when set; else, as for JWT_SECRET (lib/jwt-secret.ts), a P-256 key that the first
 * process of the deployment generates and keeps in the database (app_secrets), so every instance
 * signs with the same key and the JWKS stays stable across restarts.
 */
import { createHash, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../../lib/config.ts';

const NAME = 'oauth_signing_jwk';

export interface SigningKey {
  /** The private JWK with its kid, alg and use. */
  jwk: JsonWebKey & { kid: string; alg: string; use: 'sig' };
  alg: 'ES256' | 'RS256';
}

export async function resolveSigningKey(db: Knex, config: Config): Promise<SigningKey> {
  const text = config.oauthSigningKey || (await storedKey(db));
  const jwk = JSON.parse(text) as JsonWebKey;
  const alg = jwk.kty === 'RSA' ? 'RS256' : 'ES256';
  // RFC 7638-like thumbprint of the public part: the kid changes only when the key does.
  const publicPart =
    jwk.kty === 'RSA'
      ? { e: jwk.e, kty: jwk.kty, n: jwk.n }
      : { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y };
  const kid = createHash('sha256').update(JSON.stringify(publicPart)).digest('base64url').slice(0, 16);
  return { jwk: { ...jwk, kid, alg, use: 'sig' }, alg };
}

async function storedKey(db: Knex): Promise<string> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const generated = JSON.stringify(privateKey.export({ format: 'jwk' }));
  // INSERT IGNORE: two instances starting together keep the first key written.
  await db.raw('INSERT IGNORE INTO app_secrets (name, value) VALUES (?, ?)', [NAME, generated]);
  // eslint-disable-next-line no-restricted-syntax -- SQL: app_secrets is infrastructure (no model), read back after INSERT IGNORE
  const row = (await db('appSecrets').where({ name: NAME }).first('value')) as { value: string } | undefined;
  if (!row) throw new Error('the OAuth signing key could not be stored');
  return row.value;
}
