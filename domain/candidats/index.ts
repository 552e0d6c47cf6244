/**
 * Candidates: registration, profile, CV and photo, public profile, account deletion and data export,
 * and the administrators' view of candidates. The public face of the area: other areas import only
 * this file.
 */
export { currentCandidatId } from './current-candidat.ts';
export { eraseCandidatAccount } from './delete-account.ts';
