/** Talent pool (vivier) and pool member as the API shows them. */
import type { PoolMember } from './pool-member.ts';
import { jsonArrayColumn } from '../../lib/json-column.ts';

export interface VivierView {
  id: number;
  nom: string;
  description: string | null;
  candidatsCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A pool member's checked fields as stored, with where it sits and where it came from. */
export interface VivierCandidatView extends PoolMember {
  id: number;
  vivierId: number;
  candidatId: number | null;
  source: 'MANUAL' | 'IMPORT';
  createdAt: Date;
}

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
