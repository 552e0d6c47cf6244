/**
 * Trust for candidates: verified employers, offers that ask for money held for review, reports that
 * reach a moderator. The public face of the area: other areas import only this file.
 */
export {
  normalizeText,
  matchScamRules,
  compileScamRules,
  reasonsOf,
  type ScamHit,
  type ScamRuleDef,
} from './scam-matcher.ts';
export { DEFAULT_SCAM_RULES } from './default-scam-rules.ts';
export {
  listScamRules,
  getScamRuleHistory,
  createScamRule,
  updateScamRule,
  disableScamRule,
  loadActiveScamRules,
  type ScamRuleView,
  type ScamRuleInput,
  type ScamRuleVersionView,
} from './scam-rules.ts';
export {
  holdBeforePublish,
  screenAfterEdit,
  holdOffre,
  releaseOffre,
  rejectOffre,
  loadModerationViews,
  offreText,
  type ModerationView,
  type ModerationDecision,
} from './offre-moderation.ts';
export { NOT_UNDER_MODERATION_SQL } from './public-visibility.ts';
export { reportOffre, type ReportInput } from './report-offre.ts';
export { listModerationQueue, type QueueItem } from './moderation-queue.ts';
export {
  loadVerifications,
  verifiedEntrepriseSql,
  requestDomainVerification,
  confirmDomainVerification,
  withdrawVerification,
  restoreVerification,
  siteDomain,
  UNVERIFIED,
  type VerificationView,
} from './verification.ts';
