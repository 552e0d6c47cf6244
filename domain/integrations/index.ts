/** Third-party integrations over OAuth 2.0: apps, their review, grants, scopes and the API's token check. */
export { API_SCOPES, PROTOCOL_SCOPES, SCOPE_WORDS, isApiScope, scopeInWords } from './scopes.ts';
export type { ApiScope, ScopeLanguage } from './scopes.ts';
export { clientSecretMatches, checkRedirectUri } from './app-rules.ts';
export { registerApp, type RegisterAppInput } from './register-app.ts';
export { listEntrepriseApps, rotateClientSecret } from './my-apps.ts';
export { reviewApp, listAppsForReview } from './review-app.ts';
export type { AppDecision } from './app-review-email.ts';
export type { AppView } from './app-view.ts';
export { listGrantedApps, revokeAppForEntreprise, type GrantedApp } from './entreprise-grants.ts';
export {
  verifyOAuthAccessToken,
  looksLikeOAuthToken,
  findOAuthSubject,
  type OAuthAccess,
  type OAuthAccessResult,
} from './oauth-access.ts';
export { clientMetadataOf, type ClientMetadata } from './client-metadata.ts';
export { entryKey, ACCESS_TOKEN_MODELS } from './entry-key.ts';
export { signInForIntegration } from './oauth-login.ts';
export { recordOAuthCall } from './oauth-call-audit.ts';
export { purgeExpiredOAuthEntries } from './purge-expired-entries.ts';
