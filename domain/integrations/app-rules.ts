/**
 * What a registered app must be. Redirect URIs are compared exactly by the authorization server
 * (no prefix, no wildcard), so each is checked here once: an absolute https URL without a
 * fragment or credentials; plain http only for a loopback host (a developer's machine, RFC 8252).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { bilingual, inputError, type Wording } from '../errors.ts';
import { API_SCOPES, isApiScope } from './scopes.ts';

export const MAX_REDIRECT_URIS = 10;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The redirect URI at `index` of `body.redirectUris`, or a 400 naming it (`format` redirectUri). */
export function checkRedirectUri(text: string, index = 0): string {
  const refused = (why: Wording) =>
    inputError(
      'Invalid redirect URI',
      `body.redirectUris[${index}]`,
      'format',
      { format: 'redirectUri' },
      why,
    );
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refused(bilingual(`${text} n’est pas une adresse absolue`, `${text} is not an absolute URL`));
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname)))
    throw refused(
      bilingual(
        `${text} doit être en https (http seulement pour localhost)`,
        `${text} must use https (http only for localhost)`,
      ),
    );
  if (url.hash || text.includes('#'))
    throw refused(bilingual(`${text} ne doit pas avoir de fragment (#)`, `${text} must not have a fragment`));
  if (url.username || url.password)
    throw refused(
      bilingual(`${text} ne doit pas contenir d’identifiants`, `${text} must not carry credentials`),
    );
  return text;
}

/** An optional http(s) URL of `field` (`body.website`), or a 400 naming it (`format` uri). */
export function checkWebUrl(field: string, text: string | null | undefined): string | null {
  if (text === null || text === undefined || text === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // Refused below.
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw inputError('Invalid URL', field, 'format', { format: 'uri' });
  return url.href;
}

export function checkScopes(scopes: string[]): string[] {
  const unknown = scopes.filter((s) => !isApiScope(s));
  if (unknown.length)
    throw inputError(
      'Unknown scope',
      `body.scopes[${scopes.indexOf(unknown[0])}]`,
      'enum',
      { allowedValues: [...API_SCOPES] },
      bilingual(
        `portées inconnues de l’API : ${unknown.join(', ')}`,
        `not API scopes: ${unknown.join(', ')}`,
      ),
    );
  if (!scopes.length)
    throw inputError('At least one scope is required', 'body.scopes', 'minItems', { limit: 1 });
  return [...new Set(scopes)];
}

export function newClientId(): string {
  return `app_${randomBytes(12).toString('base64url')}`;
}

/** A client secret: 256 random bits, shown once; only its SHA-256 is kept (its entropy makes a slow hash useless). */
export function newClientSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashClientSecret(secret) };
}

export function hashClientSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function clientSecretMatches(hash: string | null, presented: string): boolean {
  if (!hash) return false;
  const a = Buffer.from(hash, 'hex');
  const b = createHash('sha256').update(presented, 'utf8').digest();
  return a.length === b.length && timingSafeEqual(a, b);
}
