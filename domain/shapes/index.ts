/**
 * Entity shapes in TypeBox, once each: API validation, the OpenAPI document, and the domain's view
 * types (Static). The public face of the area: other areas import only this file.
 */
export {
  AdminCandidat,
  AdminCandidature,
  AdminEntreprise,
  AdminOffre,
  AdminProfile,
  AdminRecruteur,
  AuditLog,
  CandidatDuplicateGroup,
  DuplicateCandidat,
} from './admin.ts';
export { Alert } from './alert.ts';
export { TokenPair } from './auth.ts';
export { AdminComment, Article, Comment } from './blog.ts';
export { CandidatProfile, CandidatProfileUpdate, PublicCandidatProfile } from './candidat.ts';
export {
  ApplicationDetail,
  ApplicationItem,
  CandidatureStatusChange,
  MyCandidature,
  Note,
} from './candidature.ts';
export { EntrepriseShape, EntrepriseMember } from './entreprise.ts';
export { Region, Ville, VilleDetail } from './geography.ts';
export { Offre, OffreUpdateBody, Suggestion } from './offre.ts';
export {
  Dismissal,
  InvitationResult,
  RecommendationPreferences,
  RecommendationPreferencesUpdate,
  RecommendedOffre,
  SuggestedCandidat,
  WeightsTable,
} from './recommendation.ts';
export {
  PendingRecruteur,
  RecruteurProfile,
  RecruteurProfileUpdate,
  StatusHistoryEntry,
} from './recruteur.ts';
export { ExperienceLevel, SecteurAdmin, SecteurPublic } from './reference.ts';
export { SavedJob } from './saved-job.ts';
export { Verification } from './trust.ts';
export { PoolInvitation, Vivier, VivierCandidat, VivierImport, VivierImportSummary } from './vivier.ts';
export { Delivery, DeliveryAttempt, EventTypeInfo, Subscription } from './webhook.ts';
