/**
 * The offer lifecycle: DRAFT -> PUBLISHED -> ARCHIVED, and ARCHIVED is final. Every status change
 * of an offer is checked against this table; the UPDATE that applies it is conditional on one of
 * the statuses allowed before, so two concurrent changes cannot both apply.
 */
import type { OffreStatus } from '../../models/offre.ts';

const NEXT: Record<OffreStatus, OffreStatus[]> = {
  DRAFT: ['PUBLISHED'],
  PUBLISHED: ['ARCHIVED'],
  ARCHIVED: [],
};

export function canMoveOffre(from: OffreStatus, to: OffreStatus): boolean {
  return NEXT[from].includes(to);
}

/** The statuses an offer may be in just before moving to `to`. */
export function offreStatusesBefore(to: OffreStatus): OffreStatus[] {
  return (Object.keys(NEXT) as OffreStatus[]).filter((from) => NEXT[from].includes(to));
}

/** An offer can be edited until it reaches a final status. */
export const EDITABLE_OFFRE_STATUSES: OffreStatus[] = (Object.keys(NEXT) as OffreStatus[]).filter(
  (s) => NEXT[s].length > 0,
);

/** A recruiter may delete only an offer never published; a published one is archived instead. */
export const DELETABLE_OFFRE_STATUSES: OffreStatus[] = ['DRAFT'];
