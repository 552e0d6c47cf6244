/**
 * The message of every error code, in French and in English: `error.message` in the envelope.
 * The code never changes; what is specific to one failure stays in `error.details`.
 */
import type { Language } from './language.ts';
import { describeImageLimits, IMAGE_LIMITS } from '../../domain/files/image-limits.ts';

const imageLimits = describeImageLimits(IMAGE_LIMITS);

export const ERROR_MESSAGES: Record<string, Record<Language, string>> = {
  VALIDATION_ERROR: { fr: 'Données invalides', en: 'Invalid input' },
  BAD_REQUEST: { fr: 'Requête invalide', en: 'Bad request' },
  UNAUTHORIZED: { fr: 'Authentification requise', en: 'Authentication required' },
  TOKEN_MISSING: {
    fr: 'Authentification requise : jeton d’accès absent',
    en: 'Authentication required: no access token',
  },
  TOKEN_EXPIRED: {
    fr: 'Jeton expiré : renouvelez-le ou reconnectez-vous',
    en: 'Token expired: refresh it or sign in again',
  },
  TOKEN_INVALID: { fr: 'Jeton invalide', en: 'Invalid token' },
  TOKEN_REVOKED: {
    fr: 'Jeton révoqué : reconnectez-vous',
    en: 'Token revoked: sign in again',
  },
  INVALID_CREDENTIALS: { fr: 'Email ou mot de passe incorrect', en: 'Wrong email or password' },
  INSUFFICIENT_SCOPE: {
    fr: 'Le jeton de cette application n’a pas le scope requis pour cette opération',
    en: 'This app’s token lacks the scope this operation requires',
  },
  PUBLIC_CLIENT_HAS_NO_SECRET: {
    fr: 'Une application publique n’a pas de secret',
    en: 'A public client has no secret',
  },
  RECRUITERS_ONLY: {
    fr: 'Seul un recruteur peut autoriser une intégration',
    en: 'Only a recruiter may authorize an integration',
  },
  INVALID_TOKEN: { fr: 'Lien invalide, déjà utilisé ou expiré', en: 'Invalid, used or expired token' },
  FORBIDDEN: { fr: 'Action non autorisée', en: 'You are not allowed to do this' },
  ACCOUNT_NOT_ACTIVE: { fr: 'Ce compte n’est pas actif', en: 'This account is not active' },
  EMAIL_NOT_VERIFIED: { fr: 'Adresse email non validée', en: 'Email address not verified' },
  CANNOT_DISABLE_SELF: {
    fr: 'Vous ne pouvez pas désactiver votre propre compte',
    en: 'You cannot disable your own account',
  },
  NOT_FOUND: { fr: 'Ressource introuvable', en: 'Resource not found' },
  METHOD_NOT_ALLOWED: { fr: 'Méthode non autorisée sur cette adresse', en: 'Method not allowed here' },
  NOT_IMPLEMENTED: { fr: 'Méthode HTTP non prise en charge', en: 'HTTP method not supported' },
  CONFLICT: { fr: 'Conflit avec l’état actuel', en: 'Conflict with the current state' },
  EMAIL_ALREADY_USED: {
    fr: 'Cette adresse email est déjà utilisée',
    en: 'This email address is already used',
  },
  ALREADY_APPLIED: { fr: 'Vous avez déjà postulé à cette offre', en: 'You already applied to this offer' },
  ALREADY_IN_POOL: { fr: 'Cette personne est déjà dans le vivier', en: 'This person is already in the pool' },
  ALREADY_REPORTED: { fr: 'Vous avez déjà signalé ce commentaire', en: 'You already reported this comment' },
  OFFRE_ALREADY_REPORTED: { fr: 'Vous avez déjà signalé cette offre', en: 'You already reported this offer' },
  ALREADY_INVITED: {
    fr: 'Ce candidat a déjà été invité à postuler à cette offre',
    en: 'This candidate was already invited to apply to this offer',
  },
  INVITATION_OPTED_OUT: {
    fr: 'Ce candidat ne reçoit pas d’invitations des entreprises',
    en: 'This candidate does not accept invitations from companies',
  },
  INVALID_TRANSITION: {
    fr: 'Ce changement d’état n’est pas permis',
    en: 'This status change is not allowed',
  },
  PLAN_QUOTA_EXCEEDED: {
    fr: 'Quota d’offres publiées atteint pour la formule de l’entreprise',
    en: 'The company’s plan allows no more published offers',
  },
  SECTOR_IN_USE: { fr: 'Ce secteur est encore utilisé', en: 'This sector is still in use' },
  ENTREPRISE_IN_USE: { fr: 'Cette entreprise est encore utilisée', en: 'This company is still in use' },
  DEADLINE_PASSED: { fr: 'La date limite de l’offre est passée', en: 'The offer’s deadline has passed' },
  ALERT_LIMIT_REACHED: { fr: 'Nombre maximal d’alertes atteint', en: 'Maximum number of alerts reached' },
  SMS_PHONE_NOT_CONFIRMED: {
    fr: 'Confirmez d’abord un numéro de mobile pour les SMS',
    en: 'Confirm a mobile number for SMS first',
  },
  SMS_CODE_LIMIT: {
    fr: 'Trop de codes demandés : réessayez plus tard',
    en: 'Too many codes requested: try later',
  },
  INVALID_SMS_CODE: { fr: 'Code invalide ou expiré', en: 'Invalid or expired code' },
  SMS_NOT_RETRYABLE: { fr: 'Ce SMS ne peut pas être renvoyé', en: 'This SMS cannot be retried' },
  SMS_NOT_CANCELLABLE: { fr: 'Ce SMS ne peut pas être annulé', en: 'This SMS cannot be cancelled' },
  POOL_INVITATION_BLOCKED: {
    fr: 'Ces personnes ont refusé votre invitation ou ne veulent plus en recevoir',
    en: 'These people declined your invitation or opted out of invitations',
  },
  INVITE_QUOTA_EXCEEDED: { fr: 'Quota d’invitations atteint', en: 'Invitation quota reached' },
  ALREADY_INVITED_RECENTLY: {
    fr: 'Cette adresse a déjà été invitée il y a peu',
    en: 'This address was invited recently',
  },
  PAYLOAD_TOO_LARGE: { fr: 'Contenu trop volumineux', en: 'Payload too large' },
  // Every image purpose has these limits; a purpose given others would need its own code.
  IMAGE_TOO_LARGE: {
    fr: `Image trop grande : ${imageLimits.fr}`,
    en: `Image too large: ${imageLimits.en}`,
  },
  HEADERS_TOO_LARGE: { fr: 'En-têtes ou adresse trop longs', en: 'Request header fields too large' },
  UNSUPPORTED_MEDIA_TYPE: { fr: 'Type de contenu non pris en charge', en: 'Unsupported media type' },
  SERVICE_UNAVAILABLE: {
    fr: 'Service momentanément indisponible, réessayez',
    en: 'Service temporarily unavailable, retry later',
  },
  INTERNAL_ERROR: { fr: 'Erreur interne du serveur', en: 'Internal server error' },
};

/** The message of a code in a language; a code missing from the catalogue keeps the given text. */
export function errorMessage(code: string, lang: Language, fallback: string): string {
  return ERROR_MESSAGES[code]?.[lang] ?? fallback;
}
