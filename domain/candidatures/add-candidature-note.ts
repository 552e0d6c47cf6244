/** POST /candidatures/{candidatureId}/notes: a recruiter of the offer's company adds a private note. */
import type { Ctx } from '../context.ts';
import { InputError } from '../errors.ts';
import { CandidatureNote } from '../../models/candidature-note.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import { findEntrepriseCandidature } from './entreprise-candidature.ts';
import { notesQuery, type CandidatureNoteView } from './candidature-note-view.ts';

export async function addCandidatureNote(
  ctx: Ctx,
  candidatureId: number,
  input: { content: string },
): Promise<CandidatureNoteView> {
  const recruteur = await requireActiveRecruteur(ctx);
  await findEntrepriseCandidature(ctx, recruteur, candidatureId);
  const content = input.content.trim();
  if (!content)
    throw new InputError('Empty note', 'body.content: must not be blank', {
      field: 'body.content',
      code: 'blank',
    });
  const { id } = await CandidatureNote.query(ctx.db).insert({
    candidatureId,
    recruteurId: recruteur.id,
    content,
    createdAt: ctx.clock.now(),
  });
  return (await notesQuery(ctx.db).where('n.id', id).first()) as CandidatureNoteView;
}
