/** GET /candidatures/{candidatureId}/notes: the notes of an application, newest first, for recruiters of the company. */
import type { Ctx } from '../context.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import { findEntrepriseCandidature } from './entreprise-candidature.ts';
import { notesQuery, type CandidatureNoteView } from './candidature-note-view.ts';

export async function listCandidatureNotes(ctx: Ctx, candidatureId: number): Promise<CandidatureNoteView[]> {
  const recruteur = await requireActiveRecruteur(ctx);
  await findEntrepriseCandidature(ctx, recruteur, candidatureId);
  return (await notesQuery(ctx.db)
    .where('n.candidatureId', candidatureId)
    .orderBy([
      { column: 'n.createdAt', order: 'desc' },
      { column: 'n.id', order: 'desc' },
    ])) as CandidatureNoteView[];
}
