/** The Application note: {id, content, createdAt, recruteurId, recruteurNom, recruteurPrenom}. */
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import type { Note } from '../shapes/index.ts';
import { CandidatureNote } from '../../models/candidature-note.ts';

/** The static type of the Note shape (domain/shapes/candidature.ts). */
export type CandidatureNoteView = Static<typeof Note>;

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
