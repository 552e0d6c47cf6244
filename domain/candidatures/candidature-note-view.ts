/** The Application note: {id, content, createdAt, recruteurId, recruteurNom, recruteurPrenom}. */
import type { Knex } from 'knex';
import { CandidatureNote } from '../../models/candidature-note.ts';

export interface CandidatureNoteView {
  id: number;
  content: string;
  createdAt: Date;
  recruteurId: number | null;
  recruteurNom: string | null;
  recruteurPrenom: string | null;
}

/** Notes with their author's name, as plain rows; the caller adds its where/order. */
export function notesQuery(db: Knex): Knex.QueryBuilder {
  return CandidatureNote.query(db)
    .alias('n')
    .leftJoinRelated('recruteur', { alias: 'r' })
    .select(
      'n.id',
      'n.content',
      'n.createdAt',
      'n.recruteurId',
      'r.nom as recruteurNom',
      'r.prenom as recruteurPrenom',
    )
    .toKnexQuery();
}
