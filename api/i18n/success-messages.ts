/**
 * The success messages of the envelope (`message`), in French and in English: each pair is one
 * message, found by either of its two texts. A message missing from the list is sent as written.
 */
import type { Language } from './language.ts';

const PAIRS: [fr: string, en: string][] = [
  ['OK', 'OK'],
  ['Succès', 'Success'],
  ['Compte supprimé', 'Account deleted'],
  ['Administrateur désactivé', 'Administrator disabled'],
  ['Administrateur activé', 'Administrator enabled'],
  ['Adresse email validée', 'Email address validated'],
  ['Alerte confirmée', 'Alert confirmed'],
  ['Accès révoqué', 'Access revoked'],
  ['Application enregistrée', 'App registered'],
  ['Application approuvée', 'App approved'],
  ['Application refusée', 'App rejected'],
  ['Application suspendue', 'App suspended'],
  ['Application réactivée', 'App reactivated'],
  ['Secret renouvelé', 'Secret rotated'],
  ['Alerte créée', 'Alert created'],
  ['Alerte supprimée', 'Alert deleted'],
  ['Code envoyé par SMS', 'Code sent by SMS'],
  ['Numéro confirmé', 'Number confirmed'],
  ['Numéro supprimé', 'Number removed'],
  ['Article créé', 'Article created'],
  ['Article supprimé', 'Article deleted'],
  ['Article publié', 'Article published'],
  ['Article dépublié', 'Article unpublished'],
  ['Bannière enregistrée', 'Banner uploaded'],
  ['CV supprimé', 'CV deleted'],
  ['CV enregistré', 'CV uploaded'],
  ['Candidat retiré du vivier', 'Candidate removed from the pool'],
  ['Candidat désactivé', 'Candidate disabled'],
  ['Candidat activé', 'Candidate enabled'],
  ['Candidature envoyée', 'Application sent'],
  ['Candidature retirée', 'Application withdrawn'],
  ['Commentaire approuvé', 'Comment approved'],
  ['Commentaire supprimé', 'Comment deleted'],
  ['Entreprise supprimée', 'Company deleted'],
  ['Entreprise mise à jour', 'Company updated'],
  ['Couverture mise à jour', 'Cover updated'],
  ['Document reçu, en attente de validation', 'Document received, awaiting approval'],
  ['Déconnecté', 'Signed out'],
  ['Fichier enregistré', 'File uploaded'],
  ['Import en file d’attente', 'Import queued'],
  ['Invitation envoyée', 'Invitation sent'],
  ['Logo enregistré', 'Logo uploaded'],
  ['Mot de passe modifié', 'Password changed'],
  ['Note ajoutée', 'Note added'],
  ['Offre supprimée', 'Offer deleted'],
  ['Offre archivée', 'Offer archived'],
  ['Offre créée', 'Offer created'],
  ['Offre enregistrée', 'Offer saved'],
  ['Offre mise à jour', 'Offer updated'],
  ['Offre publiée', 'Offer published'],
  ['Offre retirée des favoris', 'Offer removed from saved jobs'],
  ['Propriété transférée', 'Ownership transferred'],
  ['Page enregistrée', 'Page saved'],
  ['Mot de passe modifié ; reconnectez-vous', 'Password changed; sign in again'],
  ['Photo enregistrée', 'Photo uploaded'],
  ['Profil mis à jour', 'Profile updated'],
  ['Notifications mises à jour', 'Notifications updated'],
  ['Recruteur refusé', 'Recruiter rejected'],
  ['Recruteur réactivé', 'Recruiter reactivated'],
  ['Recruteur suspendu', 'Recruiter suspended'],
  ['Recruteur validé', 'Recruiter approved'],
  ['Secteur supprimé', 'Sector deleted'],
  ['Secteur créé', 'Sector created'],
  ['Secteur mis à jour', 'Sector updated'],
  ['Statut mis à jour', 'Status updated'],
  ['Groupe de synonymes créé', 'Synonym group created'],
  ['Groupe de synonymes supprimé', 'Synonym group deleted'],
  ['Vivier créé', 'Pool created'],
  ['Vivier mis à jour', 'Pool updated'],
  ['Vivier supprimé', 'Pool deleted'],
  ['Vous ne recevrez plus cette alerte', 'You will not receive this alert any more'],
  ['Nouvel envoi du webhook programmé', 'Webhook delivery replay scheduled'],
  ['Secret du webhook renouvelé', 'Webhook secret rotated'],
  ['Abonnement webhook supprimé', 'Webhook subscription deleted'],
  ['Abonnement webhook réactivé', 'Webhook subscription enabled'],
  ['Invitation acceptée', 'Invitation accepted'],
  ['Invitation refusée', 'Invitation declined'],
  ['Vous ne recevrez plus d’invitation de vivier', 'You will not receive pool invitations any more'],
  ['Vous ne recevrez plus ces emails', 'You will not receive these emails any more'],
  ['Signalement enregistré', 'Report recorded'],
  ['Lien envoyé', 'Link sent'],
  ['Offre refusée', 'Offer rejected'],
  ['Vérification retirée', 'Verification withdrawn'],
  ['Vérification rétablie', 'Verification restored'],
  ['Règle créée', 'Rule created'],
  ['Règle modifiée', 'Rule changed'],
  ['Règle désactivée', 'Rule disabled'],
];

const BY_TEXT = new Map<string, [string, string]>();
for (const pair of PAIRS) {
  BY_TEXT.set(pair[0], pair);
  BY_TEXT.set(pair[1], pair);
}

export function successMessage(text: string, lang: Language): string {
  const pair = BY_TEXT.get(text);
  if (pair) return lang === 'fr' ? pair[0] : pair[1];
  // Counted messages: "3 invitation(s) envoyée(s)".
  const invited = /^(\d+) invitation\(s\) envoyée\(s\)$/.exec(text);
  if (invited && lang === 'en') return `${invited[1]} invitation(s) sent`;
  return text;
}
