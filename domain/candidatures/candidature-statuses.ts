/**
 * The application pipeline: NEW -> IN_PROGRESS -> TO_MEET -> MET ->
 * HIRED, any non-final state -> REJECTED; HIRED and REJECTED are final. Each status feeds one
 * counter column of its offer; totalCandidatures counts them all.
 */
import type { CandidatureStatus } from '../../models/candidature.ts';

const NEXT: Record<CandidatureStatus, CandidatureStatus[]> = {
  NEW: ['IN_PROGRESS', 'REJECTED'],
  IN_PROGRESS: ['TO_MEET', 'REJECTED'],
  TO_MEET: ['MET', 'REJECTED'],
  MET: ['HIRED', 'REJECTED'],
  HIRED: [],
  REJECTED: [],
};

export function canMove(from: CandidatureStatus, to: CandidatureStatus): boolean {
  return NEXT[from].includes(to);
}

/** A candidate may withdraw an application nobody has moved past IN_PROGRESS. */
export const WITHDRAWABLE: CandidatureStatus[] = ['NEW', 'IN_PROGRESS'];

/** SQL column (snake_case) of the offer counter each status feeds; fixed names, never user input. */
export const COUNTER_COLUMN: Record<CandidatureStatus, string> = {
  NEW: 'nouveaux',
  IN_PROGRESS: 'en_cours',
  TO_MEET: 'arencontrer',
  MET: 'rencontres',
  HIRED: 'embauches',
  REJECTED: 'refuses',
};
