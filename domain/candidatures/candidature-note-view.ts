/** The Application note: {id, content, createdAt, recruteurId, recruteurNom, recruteurPrenom}. */
import type { Knex } from 'knex';

export interface CandidatureNoteView {
  id: number;
  content: string;
  createdAt: Date;
  recruteurId: number | null;
  recruteurNom: string | null;
  recruteurPrenom: string | null;
}

export function notesQuery(db: Knex): Knex.QueryBuilder {
  return db('candidatureNotes as n')
    .leftJoin('recruiters as r', 'r.id', 'n.recruteurId')
    .select(
      'n.id',
      'n.content',
      'n.createdAt',
      'n.recruteurId',
      'r.nom as recruteurNom',
      'r.prenom as recruteurPrenom',
    );
}
