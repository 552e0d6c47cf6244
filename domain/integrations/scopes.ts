/**
 * The scopes an integration may ask for, each said in words on the consent page. A scope names
 * what an app may do on the REST API; the routes declare which scopes they accept
 * (api/http/route.ts), and a token reaches only those routes, for one company.
 */
export const API_SCOPES = [
  'offres:read',
  'offres:write',
  'candidatures:read',
  'candidatures:write',
  'viviers:read',
  'viviers:write',
  'webhooks:manage',
  'company:read',
] as const;

export type ApiScope = (typeof API_SCOPES)[number];

/** Protocol scopes: `openid` (an ID token naming the recruiter) and `offline_access` (a refresh token). */
export const PROTOCOL_SCOPES = ['openid', 'offline_access'] as const;

export type ScopeLanguage = 'fr' | 'en';

export const SCOPE_WORDS: Record<
  ApiScope | (typeof PROTOCOL_SCOPES)[number],
  Record<ScopeLanguage, string>
> = {
  'offres:read': {
    fr: 'Lire les offres d’emploi de votre entreprise',
    en: 'Read your company’s job offers',
  },
  'offres:write': {
    fr: 'Créer, modifier, publier et clôturer les offres de votre entreprise',
    en: 'Create, edit, publish and close your company’s job offers',
  },
  'candidatures:read': {
    fr: 'Lire les candidatures reçues et les CV des candidats',
    en: 'Read the applications received and the candidates’ CVs',
  },
  'candidatures:write': {
    fr: 'Changer l’état des candidatures et y ajouter des notes',
    en: 'Change the status of applications and add notes to them',
  },
  'viviers:read': { fr: 'Lire vos viviers de talents', en: 'Read your talent pools' },
  'viviers:write': {
    fr: 'Modifier vos viviers de talents et y importer des candidats',
    en: 'Edit your talent pools and import candidates into them',
  },
  'webhooks:manage': {
    fr: 'Gérer les abonnements webhook de votre entreprise',
    en: 'Manage your company’s webhook subscriptions',
  },
  'company:read': {
    fr: 'Lire la fiche et les membres de votre entreprise',
    en: 'Read your company’s profile and members',
  },
  openid: { fr: 'Connaître votre identifiant de recruteur', en: 'Know your recruiter identifier' },
  offline_access: {
    fr: 'Garder cet accès quand vous n’êtes pas connecté',
    en: 'Keep this access while you are signed out',
  },
};

export function isApiScope(scope: string): scope is ApiScope {
  return (API_SCOPES as readonly string[]).includes(scope);
}

/** The scope in words, in the page's language; an unknown scope is shown as itself. */
export function scopeInWords(scope: string, language: ScopeLanguage): string {
  const words = (SCOPE_WORDS as Record<string, Record<ScopeLanguage, string>>)[scope];
  return words ? words[language] : scope;
}
