/**
 * The offer lifecycle: DRAFT -> PUBLISHED -> ARCHIVED, the one way an offer closes, and the plan quota
 * every publish obeys. It sits below
 * offres and trust, which both close offers. The public face of the area: other areas import only this
 * file.
 */
export { closeOffre, closeOffreOrFail } from './close-offre.ts';
export {
  canMoveOffre,
  DELETABLE_OFFRE_STATUSES,
  EDITABLE_OFFRE_STATUSES,
  offreStatusesBefore,
} from './offre-statuses.ts';
export { PUBLISHED_OFFRES_QUOTA, quotasSentence } from './plan-quotas.ts';
export { assertPublishQuota, lockEntrepriseForPublishing } from './publish-quota.ts';
