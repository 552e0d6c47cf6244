import type { Role } from '../../models/account.ts';

/** Claims of our access tokens: the account, its role, and the token id checked for revocation. */
export interface AccessClaims {
  sub: string;
  role: Role;
  email: string;
  jti: string;
  fam: string;
  typ: 'access';
  iat: number;
  exp: number;
}

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 3600;
