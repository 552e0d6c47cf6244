/**
 * What a NotFoundError can name, with its name in French and in English: the API words the
 * message "Offre introuvable" / "Offer not found" from it, so the caller reads which thing is
 * missing in their language. The key stays in the English details and the CLI's output.
 */
const NAMES = {
  Resource: { fr: 'Ressource', en: 'Resource' },
  Administrator: { fr: 'Administrateur', en: 'Administrator' },
  App: { fr: 'Application d’intégration', en: 'App' },
  Alerte: { fr: 'Alerte', en: 'Job alert' },
  Article: { fr: 'Article', en: 'Article' },
  Candidat: { fr: 'Candidat', en: 'Candidate' },
  Candidate: { fr: 'Candidat', en: 'Candidate' },
  'Candidate profile': { fr: 'Profil candidat', en: 'Candidate profile' },
  'Candidat du vivier': { fr: 'Candidat du vivier', en: 'Talent pool candidate' },
  Candidature: { fr: 'Candidature', en: 'Application' },
  Comment: { fr: 'Commentaire', en: 'Comment' },
  CV: { fr: 'CV', en: 'CV' },
  Entreprise: { fr: 'Entreprise', en: 'Company' },
  'Experience level': { fr: 'Niveau d’expérience', en: 'Experience level' },
  File: { fr: 'Fichier', en: 'File' },
  Import: { fr: 'Import', en: 'Import' },
  Invitation: { fr: 'Invitation', en: 'Invitation' },
  Offre: { fr: 'Offre', en: 'Offer' },
  'Offre écartée': { fr: 'Offre écartée', en: 'Dismissed offer' },
  Page: { fr: 'Page', en: 'Page' },
  Recruiter: { fr: 'Recruteur', en: 'Recruiter' },
  Region: { fr: 'Région', en: 'Region' },
  'Scam rule': { fr: 'Règle anti-arnaque', en: 'Scam rule' },
  Secteur: { fr: 'Secteur d’activité', en: 'Sector' },
  Sitemap: { fr: 'Plan du site', en: 'Sitemap' },
  SMS: { fr: 'SMS', en: 'SMS' },
  Subscription: { fr: 'Abonnement', en: 'Subscription' },
  Synonymes: { fr: 'Groupe de synonymes', en: 'Synonym group' },
  Ville: { fr: 'Ville', en: 'City' },
  Vivier: { fr: 'Vivier', en: 'Talent pool' },
  'Webhook delivery': { fr: 'Livraison de webhook', en: 'Webhook delivery' },
  'Webhook subscription': { fr: 'Abonnement webhook', en: 'Webhook subscription' },
} as const;

export type NotFoundName = keyof typeof NAMES;

/** "Offre introuvable" / "Offer not found". */
export function notFoundSentence(what: NotFoundName, lang: 'fr' | 'en'): string {
  return lang === 'fr' ? `${NAMES[what].fr} introuvable` : `${NAMES[what].en} not found`;
}
