/**
 * The company registration documents a recruiter uploaded (POST /recruiters/me/documents), newest
 * first, the one under review marked `current`: what an operator reads before approving
 * (`recrutement recruiters documents <id>`). Earlier uploads stay stored (a re-submission after a
 * rejection keeps the first), so all are listed.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { Recruteur } from '../../models/recruteur.ts';
import { StoredFile } from '../../models/stored-file.ts';

export interface RecruteurDocument {
  fileId: number;
  originalName: string | null;
  contentType: string;
  size: number;
  uploadedAt: Date;
  /** The document attached to the account (recruiters.document_file_id). */
  current: boolean;
  /** Where the storage keeps it (a key under UPLOAD_DIR, or in the bucket). */
  storageKey: string;
}

export async function listRecruteurDocuments(ctx: Ctx, recruteurId: number): Promise<RecruteurDocument[]> {
  const recruteur = await Recruteur.query(ctx.db).findById(recruteurId).select('id', 'documentFileId');
  if (!recruteur) throw new NotFoundError('Recruiter', `id ${recruteurId}`);
  const files = await StoredFile.query(ctx.db)
    .where({ ownerAccountId: recruteurId, purpose: 'DOCUMENT' })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  return files.map((f) => ({
    fileId: f.id,
    originalName: f.originalName,
    contentType: f.contentType,
    size: f.size,
    uploadedAt: f.createdAt,
    current: f.id === recruteur.documentFileId,
    storageKey: f.storageKey,
  }));
}
