/**
 * What a recruiter may write on an offer (the writable fields of OffreEmploiResponse plus
 * `villeId`), turned into column values: competences trimmed and de-duplicated, with
 * `competencesText` (the skills as one text) kept in step; the city must exist and gives
 * `localisation` when none is sent; salary bounds in order; no deadline in the past.
 */
import type { Ctx } from '../context.ts';
import { ValidationError } from '../errors.ts';
import type { ContractType } from '../../models/offre.ts';
import { localDate } from '../shared/local-date.ts';

export interface OffreInput {
  titre?: string;
  departement?: string | null;
  localisation?: string | null;
  villeId?: number | null;
  contractType?: ContractType;
  description?: string | null;
  experience?: string | null;
  competences?: string[] | null;
  salaireMin?: number | null;
  salaireMax?: number | null;
  remotePossible?: boolean;
  deadline?: string | null;
}

export const MAX_COMPETENCES = 30;

export function normalizeCompetences(list: string[] | null | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list ?? []) {
    const value = raw.trim().replace(/\s+/g, ' ');
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  if (out.length > MAX_COMPETENCES)
    throw new ValidationError('Too many competences', `body.competences: at most ${MAX_COMPETENCES}`);
  return out;
}

const blankToNull = (v: string | null | undefined): string | null | undefined =>
  typeof v === 'string' ? v.trim() || null : v;

/** Column values for the fields present in `input`; `current` holds the stored salary bounds on update. */
export async function offreColumns(
  ctx: Ctx,
  input: OffreInput,
  current: {
    salaireMin: number | null;
    salaireMax: number | null;
    localisation: string | null;
  } | null = null,
): Promise<Record<string, unknown>> {
  const cols: Record<string, unknown> = {};
  if (input.titre !== undefined) {
    const titre = input.titre.trim();
    if (!titre) throw new ValidationError('Invalid titre', 'body.titre: must not be blank');
    cols.titre = titre;
  }
  for (const key of ['departement', 'localisation', 'description', 'experience'] as const) {
    if (input[key] !== undefined) cols[key] = blankToNull(input[key]);
  }
  if (input.contractType !== undefined) cols.contractType = input.contractType;
  if (input.remotePossible !== undefined) cols.remotePossible = input.remotePossible;
  if (input.salaireMin !== undefined) cols.salaireMin = input.salaireMin;
  if (input.salaireMax !== undefined) cols.salaireMax = input.salaireMax;
  if (input.competences !== undefined) {
    const competences = normalizeCompetences(input.competences);
    cols.competences = JSON.stringify(competences);
    cols.competencesText = competences.join(' ');
  }
  if (input.villeId !== undefined) {
    cols.villeId = input.villeId;
    if (input.villeId !== null) {
      const ville = (await ctx.db('villes').where({ id: input.villeId }).first('nom')) as
        { nom: string } | undefined;
      if (!ville) throw new ValidationError('Unknown city', 'body.villeId: no such city');
      const localisation =
        cols.localisation === undefined ? (current?.localisation ?? null) : cols.localisation;
      if (!localisation) cols.localisation = ville.nom;
    }
  }
  if (input.deadline !== undefined && input.deadline !== null) {
    if (input.deadline < localDate(ctx.clock.now()))
      throw new ValidationError('Deadline in the past', 'body.deadline: must be today or later');
    cols.deadline = input.deadline;
  } else if (input.deadline === null) {
    cols.deadline = null;
  }
  const min = (cols.salaireMin === undefined ? current?.salaireMin : cols.salaireMin) as
    number | null | undefined;
  const max = (cols.salaireMax === undefined ? current?.salaireMax : cols.salaireMax) as
    number | null | undefined;
  if (min != null && max != null && min > max) {
    throw new ValidationError(
      'Salary range reversed',
      'body.salaireMin: must not be greater than salaireMax',
    );
  }
  return cols;
}
