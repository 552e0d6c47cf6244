/** Talent pool (vivier) and pool member as the API shows them. */
import type { Static } from 'typebox';
import type { Vivier, VivierCandidat } from '../shapes/index.ts';
import { jsonArrayColumn } from '../../lib/json-column.ts';

/** The static types of the Vivier and VivierCandidat shapes (domain/shapes/vivier.ts). */
export type VivierView = Static<typeof Vivier>;

/** A pool member's checked fields as stored (a PoolMember), with where it sits and where it came from. */
export type VivierCandidatView = Static<typeof VivierCandidat>;

export const VIVIER_CANDIDAT_COLUMNS = [
  'id',
  'vivierId',
  'candidatId',
  'email',
  'nom',
  'prenom',
  'telephone',
  'tags',
  'notes',
  'source',
  'createdAt',
] as const;

export function vivierView(row: VivierView): VivierView {
  return {
    id: row.id,
    nom: row.nom,
    description: row.description ?? null,
    candidatsCount: Number(row.candidatsCount ?? 0),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function tagsOf(raw: unknown): string[] {
  return jsonArrayColumn(raw).map(String);
}

export function vivierCandidatView(
  row: Omit<VivierCandidatView, 'tags'> & { tags: unknown },
): VivierCandidatView {
  return {
    id: row.id,
    vivierId: row.vivierId,
    candidatId: row.candidatId ?? null,
    email: row.email,
    nom: row.nom ?? null,
    prenom: row.prenom ?? null,
    telephone: row.telephone ?? null,
    tags: tagsOf(row.tags),
    notes: row.notes ?? null,
    source: row.source,
    createdAt: row.createdAt,
  };
}
