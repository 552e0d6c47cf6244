/**
 * The REST API's check of an OAuth access token (an opaque token of the authorization server).
 * Read from the database at every call, so a revocation (by the app, the company's owner, an
 * administrator suspending the app, or a recruiter suspended or disabled) is refused by every API
 * instance from its next request. The token acts as an account: the recruiter who granted it
 * (code flow), or the company's current OWNER (client credentials, the app's own company). Its
 * scopes are those granted that the app still declares.
 */
import type { Knex } from 'knex';
import { OAuthApp } from '../../models/oauth-app.ts';
import { OAuthEntry } from '../../models/oauth-entry.ts';
import { Recruteur } from '../../models/recruteur.ts';
import { ACCESS_TOKEN_MODELS, entryKey } from './entry-key.ts';
import { isApiScope } from './scopes.ts';

export interface OAuthAccess {
  account: { id: number; role: 'RECRUTEUR'; email: string };
  appId: number;
  clientId: string;
  entrepriseId: number;
  scopes: string[];
  /** 'code' for a recruiter's grant, 'client_credentials' for the app acting for its company. */
  flow: 'code' | 'client_credentials';
}

export type OAuthAccessResult =
  | { access: OAuthAccess }
  | { refusal: { code: 'TOKEN_INVALID' | 'TOKEN_EXPIRED' | 'TOKEN_REVOKED'; reason: string } };

interface TokenPayload {
  kind?: string;
  exp?: number;
  clientId?: string;
  accountId?: string;
  grantId?: string;
  scope?: string;
}

const revoked = (reason: string): OAuthAccessResult => ({ refusal: { code: 'TOKEN_REVOKED', reason } });

/** Opaque tokens of the authorization server have no dots; our own access tokens are JWTs. */
export function looksLikeOAuthToken(token: string): boolean {
  return !token.includes('.') && /^[A-Za-z0-9_-]{20,200}$/.test(token);
}

export async function verifyOAuthAccessToken(db: Knex, token: string, now: Date): Promise<OAuthAccessResult> {
  const entry = await OAuthEntry.query(db)
    .whereIn('model', ACCESS_TOKEN_MODELS as unknown as string[])
    .where('idHash', entryKey(token))
    .first();
  if (!entry) return { refusal: { code: 'TOKEN_INVALID', reason: 'Unknown or revoked OAuth access token' } };
  const payload = entry.payload as TokenPayload;
  if (!payload.exp || payload.exp * 1000 <= now.getTime())
    return { refusal: { code: 'TOKEN_EXPIRED', reason: 'The OAuth access token has expired' } };
  const app = payload.clientId ? await OAuthApp.query(db).findOne({ clientId: payload.clientId }) : undefined;
  if (!app) return revoked('The app of this token is gone');
  if (app.status !== 'APPROVED') return revoked(`The app of this token is ${app.status}`);
  const scopes = (payload.scope ?? '').split(' ').filter((s) => isApiScope(s) && app.scopes.includes(s));
  if (entry.model === 'ClientCredentials') {
    const owner = await activeRecruteur(db, { entrepriseId: app.entrepriseId, companyRole: 'OWNER' });
    if (!owner) return revoked('The company of this app has no active owner');
    return {
      access: {
        account: owner.account,
        appId: app.id,
        clientId: app.clientId,
        entrepriseId: app.entrepriseId,
        scopes,
        flow: 'client_credentials',
      },
    };
  }
  if (!payload.grantId) return revoked('The grant of this token is gone');
  const grant = await OAuthEntry.query(db).findById(['Grant', entryKey(payload.grantId)]);
  if (!grant || (grant.expiresAt && new Date(grant.expiresAt) <= now))
    return revoked('The grant of this token was revoked');
  const recruteur = payload.accountId ? await activeRecruteur(db, { id: Number(payload.accountId) }) : null;
  if (!recruteur) return revoked('The recruiter of this grant is not active');
  return {
    access: {
      account: recruteur.account,
      appId: app.id,
      clientId: app.clientId,
      entrepriseId: recruteur.entrepriseId,
      scopes,
      flow: 'code',
    },
  };
}

/** An ACTIVE recruiter of an enabled, verified account. */
export async function activeRecruteur(
  db: Knex,
  where: { id: number } | { entrepriseId: number; companyRole: 'OWNER' },
): Promise<{ account: OAuthAccess['account']; entrepriseId: number } | null> {
  const q = Recruteur.query(db)
    .alias('r')
    .joinRelated('account', { alias: 'a' })
    .where('r.status', 'ACTIVE')
    .where('a.enabled', true)
    .whereNotNull('a.emailVerifiedAt');
  if ('id' in where) q.where('r.id', where.id);
  else q.where({ 'r.entrepriseId': where.entrepriseId, 'r.companyRole': where.companyRole });
  const row = await q
    .select('r.id', 'r.entrepriseId', 'a.email')
    .orderBy('r.id')
    .first()
    .castTo<{ id: number; entrepriseId: number; email: string } | undefined>();
  return row
    ? { account: { id: row.id, role: 'RECRUTEUR', email: row.email }, entrepriseId: row.entrepriseId }
    : null;
}

/** An account of the authorization server's login: the recruiter's id as subject, if still active. */
export async function findOAuthSubject(db: Knex, sub: string): Promise<{ id: number; email: string } | null> {
  if (!/^\d+$/.test(sub)) return null;
  const r = await activeRecruteur(db, { id: Number(sub) });
  return r ? { id: r.account.id, email: r.account.email } : null;
}
