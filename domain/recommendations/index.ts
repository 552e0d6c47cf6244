/**
 * Recommendations with reasons: offers for a candidate, candidates for an offer, dismissals,
 * preferences, invitations to apply, the weekly digest and the table of weights. Other areas and
 * the edges import only this file.
 */
export { recommendOffres, rankOffresForCandidat, type RecommendedOffreView } from './recommend-offres.ts';
export { suggestCandidats, type SuggestedCandidatView } from './suggest-candidats.ts';
export { dismissOffre, undoDismissOffre, listMyDismissals, type DismissalView } from './dismissals.ts';
export {
  getMyPreferences,
  updateMyPreferences,
  type PreferencesView,
  type PreferencesInput,
} from './preferences.ts';
export {
  inviteSuggestedCandidat,
  MAX_INVITATIONS_PER_ENTREPRISE_PER_DAY,
  type InvitationResultView,
} from './invite-candidat.ts';
export { listWeights } from './list-weights.ts';
export { sendWeeklyDigests, type DigestRunReport, type DigestRunOptions } from './send-weekly-digests.ts';
export { DIGEST_MAX_OFFRES, DIGEST_MAX_PER_ENTREPRISE, diverseOffres } from './pick-digest-offres.ts';
export { engineOf, RecommendationEngine, RERANK_DEPTH, type EngineStats } from './engine.ts';
export { PART_WEIGHTS, FEEDBACK_WEIGHTS } from './weights.ts';
