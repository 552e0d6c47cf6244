/**
 * The sentences of refusals that several use cases give alike, worded once (domain/errors.ts,
 * bilingual): who an operation is for, an account gone while its token lived, a one-time link that
 * no longer works, wrong sign-in credentials, a recruiter account that may not act.
 */
import { bilingual } from './errors.ts';

export const ADMINS_ONLY = bilingual('Réservé aux administrateurs', 'Administrators only');
export const CANDIDATES_ONLY = bilingual('Réservé aux candidats', 'Candidates only');
export const RECRUITERS_ONLY = bilingual('Réservé aux recruteurs', 'Recruiters only');
export const ACCOUNT_NOT_FOUND = bilingual('Compte introuvable', 'Account not found');
export const INVALID_LINK = bilingual('Lien invalide ou expiré', 'Invalid or expired token');
export const WRONG_CREDENTIALS = bilingual('Email ou mot de passe incorrect', 'Invalid email or password');
export const RECRUITER_NOT_ACTIVE = bilingual(
  'Ce compte recruteur n’est pas actif',
  'This recruiter account is not active',
);
