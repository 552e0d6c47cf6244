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
  INVALID_TOKEN: { fr: 'Lien invalide, déjà utilisé ou expiré', en: 'Invalid, used or expired token' },
  FORBIDDEN: { fr: 'Action non autorisée', en: 'You are not allowed to do this' },
  ACCOUNT_NOT_ACTIVE: { fr: 'Ce compte n’est pas actif', en: 'This account is not active' },
  EMAIL_NOT_VERIFIED: { fr: 'Adresse email non validée', en: 'Email address not verified' },
  CANNOT_DISABLE_SELF: {
    fr: 'Vous ne pouvez pas désactiver votre propre compte',
    en: 'You cannot disable your own account',
  },
  NOT_FOUND: { fr: 'Ressource introuvable', en: 'Resource not found' },
  METHOD_NOT_ALLOWED: { fr: 'Méthode non autorisée', en: 'Method not allowed' },
  CONFLICT: { fr: 'Conflit avec l’état actuel', en: 'Conflict with the current state' },
  EMAIL_ALREADY_USED: {
    fr: 'Cette adresse email est déjà utilisée',
    en: 'This email address is already used',
  },
  ALREADY_APPLIED: { fr: 'Vous avez déjà postulé à cette offre', en: 'You already applied to this offer' },
  ALREADY_IN_POOL: { fr: 'Cette personne est déjà dans le vivier', en: 'This person is already in the pool' },
  ALREADY_REPORTED: { fr: 'Vous avez déjà signalé ce commentaire', en: 'You already reported this comment' },
  INVALID_TRANSITION: {
    fr: 'Ce changement d’état n’est pas permis',
    en: 'This status change is not allowed',
  },
  PLAN_QUOTA_EXCEEDED: {
    fr: 'Quota d’offres publiées atteint pour votre formule',
    en: 'Published offers quota of your plan reached',
  },
  SECTOR_IN_USE: { fr: 'Ce secteur est encore utilisé', en: 'This sector is still in use' },
  ENTREPRISE_IN_USE: { fr: 'Cette entreprise est encore utilisée', en: 'This company is still in use' },
  DEADLINE_PASSED: { fr: 'La date limite de l’offre est passée', en: 'The offer’s deadline has passed' },
  ALERT_LIMIT_REACHED: { fr: 'Nombre maximal d’alertes atteint', en: 'Maximum number of alerts reached' },
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
  // Warnings of a talent-pool import line (the person is kept).
  PHONE_EXCEL_NUMBER: {
    fr: 'Excel a modifié ce numéro : formatez la colonne en Texte',
    en: 'Excel changed this number: format the column as Text',
  },
  PHONE_INVALID: {
    fr: "Ce téléphone n'est pas un numéro valide : ignoré",
    en: 'This phone is not a valid number: left out',
  },
  PHONE_SECOND_NUMBER_IN_NOTES: {
    fr: 'Plusieurs numéros dans la cellule : les suivants sont gardés dans les notes',
    en: 'More than one number in the cell: the others are kept in the notes',
  },
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
