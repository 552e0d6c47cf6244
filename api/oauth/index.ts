/** The OAuth 2.0 authorization server engine, mounted into the API by api/app.ts. */
import type { RouteDef } from '../http/route.ts';

export { createOAuthServer, type OAuthServer, type OAuthServerDeps } from './mount.ts';
export { issuerOf, OAUTH_PREFIX, OAUTH_TTL } from './provider.ts';
export { resolveSigningKey } from './signing-key.ts';

/** The sign-in form of the OAuth server, as the rate limiter sees it: a login (critical auth budget). */
export const OAUTH_LOGIN_ROUTE: RouteDef = {
  method: 'post',
  path: '/oauth/interaction/{uid}/login',
  tag: 'OAuth',
  summary: 'OAuth sign-in form',
  access: 'public',
  rateCategory: 'criticalAuth',
  handler: async () => undefined,
};

/**
 * The token endpoint counts per client address like our own refresh (`standardAuth`): it takes
 * client secrets and refresh tokens, so guessing either costs a wait.
 */
export const OAUTH_TOKEN_ROUTE: RouteDef = {
  method: 'post',
  path: '/oauth/token',
  tag: 'OAuth',
  summary: 'OAuth token endpoint',
  access: 'public',
  rateCategory: 'standardAuth',
  handler: async () => undefined,
};
