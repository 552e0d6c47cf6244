/**
 * How the authorization server's records are keyed in `oauth_entries`: by the SHA-256 of their id,
 * so a database read (a backup, a support query) yields no usable token or code.
 */
import { createHash } from 'node:crypto';

export function entryKey(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex');
}

/** The records that act as bearer credentials on the REST API. */
export const ACCESS_TOKEN_MODELS = ['AccessToken', 'ClientCredentials'] as const;
