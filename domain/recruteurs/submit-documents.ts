/**
 * POST /recruiters/me/documents (recruiter state machine): a
 * recruiter in PENDING_DOCS uploads its company registration document (a PDF checked from the
 * bytes, at most 10 MB). The file, recruiters.documentFileId and the move to PENDING_APPROVAL
 * (with its history entry) commit together; a second upload racing with the first loses with
 * 409 INVALID_TRANSITION and its file is removed again.
 */
import type { Ctx } from '../context.ts';
import { bilingual, ConflictError } from '../errors.ts';
import { type IncomingFile, storeAndAttach, UPLOAD_RULES } from '../files/index.ts';
import { Recruteur, type RecruteurStatus } from '../../models/recruteur.ts';
import { currentRecruteur } from '../entreprises/index.ts';
import { recordRecruteurStatusChange } from './record-status-change.ts';
import { canMakeRecruteurMove } from './recruteur-statuses.ts';

export async function submitRecruteurDocuments(
  ctx: Ctx,
  file: IncomingFile | null,
): Promise<{ status: RecruteurStatus; documentId: number }> {
  const recruteur = await currentRecruteur(ctx);
  // Checked before storing anything; checked again (conditionally) by the status change itself.
  if (!canMakeRecruteurMove(recruteur.status, 'submitDocuments')) {
    throw new ConflictError(
      'INVALID_TRANSITION',
      bilingual(
        'Le document d’immatriculation n’est attendu qu’au statut PENDING_DOCS',
        'Documents are expected only in status PENDING_DOCS',
      ),
      `status: ${recruteur.status}`,
    );
  }
  return storeAndAttach(
    ctx,
    file,
    { ...UPLOAD_RULES.DOCUMENT, purpose: 'DOCUMENT', ownerAccountId: recruteur.id },
    async (t, stored) => {
      // The conditional status change decides a race first; the loser rolls back before touching documentFileId.
      const change = await recordRecruteurStatusChange(
        t,
        recruteur.id,
        'submitDocuments',
        'Document d’immatriculation déposé',
      );
      // A document sent earlier (before a rejection) stays stored: administrators may need it.
      await Recruteur.query(t.db).findById(recruteur.id).patch({ documentFileId: stored.id });
      return { result: { status: change.newStatus, documentId: stored.id } };
    },
  );
}
