/**
 * Names of sectors and levels are unique (case- and accent-insensitively, by the column's
 * collation). The look-up gives the common case a clean 409; the unique index decides a race.
 */
import type { Knex } from 'knex';
import { bilingual, ConflictError, InputError } from '../errors.ts';
import { isDuplicateKeyError } from '../../lib/db-errors.ts';
import type { Model } from 'objection';
import type { ExperienceLevel } from '../../models/experience-level.ts';
import type { SecteurActivite } from '../../models/secteur-activite.ts';

export function cleanName(nom: string): string {
  const clean = nom.trim();
  if (!clean)
    throw new InputError('Invalid name', 'body.nom: must not be blank', { field: 'body.nom', code: 'blank' });
  return clean;
}

/** What a name belongs to, as the English messages say it. */
export type NamedReference = 'Sector' | 'Experience level';

const FRENCH: Record<NamedReference, string> = {
  Sector: 'Le secteur',
  'Experience level': 'Le niveau d’expérience',
};

export const nameTaken = (what: NamedReference, nom: string) =>
  new ConflictError(
    'CONFLICT',
    bilingual(`${FRENCH[what]} « ${nom} » existe déjà`, `${what} "${nom}" already exists`),
    'nom',
  );

export async function assertNameFree(
  db: Knex,
  model: typeof SecteurActivite | typeof ExperienceLevel,
  what: NamedReference,
  nom: string,
  exceptId?: number,
): Promise<void> {
  const named: typeof Model = model; // either model: the same query on its table's unique `nom`
  const q = named.query(db).where('nom', nom).select('id');
  if (exceptId) q.whereNot('id', exceptId);
  if (await q.first()) throw nameTaken(what, nom);
}

/** Runs a write, turning a unique-index violation on `nom` into the same 409. */
export async function uniqueName<T>(what: NamedReference, nom: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isDuplicateKeyError(err)) throw nameTaken(what, nom);
    throw err;
  }
}
