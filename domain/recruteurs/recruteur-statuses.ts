/**
 * The recruiter lifecycle, one row per move. Sign-up starts in PENDING_EMAIL; validating the email
 * leads to PENDING_DOCS (an invited member goes straight to ACTIVE); the company document leads to
 * PENDING_APPROVAL; then an administrator approves, rejects, suspends or reactivates. Every status
 * change names its move here (record-status-change.ts applies it), so no other file lists which
 * statuses a move starts from.
 */
import type { RecruteurStatus } from '../../models/recruteur.ts';

interface RecruteurMoveRule {
  from: readonly RecruteurStatus[];
  to: RecruteurStatus;
  /** Whoever makes the move must say why (kept in the status history). */
  reasonRequired: boolean;
}

export const INITIAL_RECRUTEUR_STATUS: RecruteurStatus = 'PENDING_EMAIL';

export const RECRUTEUR_MOVES = {
  validateEmail: { from: ['PENDING_EMAIL'], to: 'PENDING_DOCS', reasonRequired: false },
  validateInvitedEmail: { from: ['PENDING_EMAIL'], to: 'ACTIVE', reasonRequired: false },
  submitDocuments: { from: ['PENDING_DOCS'], to: 'PENDING_APPROVAL', reasonRequired: false },
  approve: { from: ['PENDING_APPROVAL'], to: 'ACTIVE', reasonRequired: false },
  reject: { from: ['PENDING_DOCS', 'PENDING_APPROVAL'], to: 'REJECTED', reasonRequired: true },
  suspend: { from: ['ACTIVE'], to: 'SUSPENDED', reasonRequired: true },
  reactivate: { from: ['SUSPENDED', 'REJECTED'], to: 'ACTIVE', reasonRequired: false },
} as const satisfies Record<string, RecruteurMoveRule>;

export type RecruteurMove = keyof typeof RECRUTEUR_MOVES;

export function canMakeRecruteurMove(status: RecruteurStatus, move: RecruteurMove): boolean {
  return (RECRUTEUR_MOVES[move].from as readonly RecruteurStatus[]).includes(status);
}
