/**
 * Candidates: registration, profile, CV and photo, public profile, account deletion and data export,
 * and the administrators' view of candidates. The public face of the area: other areas import only
 * this file.
 */
export { currentCandidateId } from './current-candidate.ts';
export { eraseCandidateAccount } from './delete-account.ts';
