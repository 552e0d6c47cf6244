/**
 * Entity shapes in TypeBox, once each: API validation, the OpenAPI document, and the domain's view
 * types (Static). The public face of the area: other areas import only this file.
 */
export {
  AdminCandidate,
  AdminCandidature,
  AdminEntreprise,
  AdminOffre,
  AdminProfile,
  AdminRecruiter,
  AuditLog,
  CandidateDuplicateGroup,
  DuplicateCandidate,
} from './admin.ts';
export { Alert } from './alert.ts';
export { TokenPair } from './auth.ts';
export { AdminComment, Article, Comment } from './blog.ts';
export { CandidateProfile, CandidateProfileUpdate, PublicCandidateProfile } from './candidate.ts';
export {
  ApplicationDetail,
  ApplicationItem,
  CandidatureStatusChange,
  MyCandidature,
  Note,
} from './candidature.ts';
export { Company, CompanyMember } from './company.ts';
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
  PendingRecruiter,
  RecruiterProfile,
  RecruiterProfileUpdate,
  StatusHistoryEntry,
} from './recruiter.ts';
export { ExperienceLevel, SecteurAdmin, SecteurPublic } from './reference.ts';
export { SavedJob } from './saved-job.ts';
export { Verification } from './trust.ts';
export { PoolInvitation, Vivier, VivierCandidat, VivierImport, VivierImportSummary } from './vivier.ts';
export { Delivery, DeliveryAttempt, EventTypeInfo, Subscription } from './webhook.ts';
