/**
 * Sign-in and tokens: login, refresh, logout and revocation, single-use tokens sent by email
 * (validation, password reset, invitation, alert confirmation), and turning an account off or on. The
 * public face of the area: other areas import only this file.
 */
export { assertAccountMayHoldSession, findLoginAccount } from './account-standing.ts';
export { consumeOneTimeToken, createOneTimeToken, hashToken } from './one-time-tokens.ts';
export { revokeAllTokensOfAccount } from './revocation.ts';
export { sendEmailValidation } from './send-email-validation.ts';
export { setAccountEnabled } from './set-account-enabled.ts';
