/**
 * What a recruiter may write on an offer (the writable fields of OffreEmploiResponse plus
 * `villeId`), turned into column values: competences trimmed and de-duplicated, with
 * `competencesText` (the skills as one text) kept in step; the city must exist and gives
 * `localisation` when none is sent; salary bounds in order; no deadline in the past.
 */
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import { inputError, InputError } from '../errors.ts';
import type { OffreUpdateBody } from '../shapes/index.ts';
import type { Offre } from '../../models/offre.ts';
import { Ville } from '../../models/ville.ts';
import { localDate } from '../shared/index.ts';

/** The writable fields, each optional: the static type of the PUT body (POST requires titre and contractType). */
export type OffreInput = Static<typeof OffreUpdateBody>;

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
    throw new InputError('Too many competences', `body.competences: at most ${MAX_COMPETENCES}`, {
      field: 'body.competences',
      code: 'maxItems',
      params: { limit: MAX_COMPETENCES },
    });
  return out;
}

const blankToNull = (v: string | null | undefined): string | null | undefined =>
  typeof v === 'string' ? v.trim() || null : v;

/** The offer columns a recruiter's input sets (competences as a list: the Offre model stores it as JSON). */
export type OffreColumns = Partial<
  Pick<
    Offre,
    | 'titre'
    | 'departement'
    | 'localisation'
    | 'villeId'
    | 'contractType'
    | 'description'
    | 'experience'
    | 'competences'
    | 'competencesText'
    | 'salaireMin'
    | 'salaireMax'
    | 'remotePossible'
    | 'deadline'
  >
>;

/** Column values for the fields present in `input`; `current` holds the stored salary bounds on update. */
export async function offreColumns(
  ctx: Ctx,
  input: OffreInput,
  current: {
    salaireMin: number | null;
    salaireMax: number | null;
    localisation: string | null;
  } | null = null,
): Promise<OffreColumns> {
  const cols: OffreColumns = {};
  if (input.titre !== undefined) {
    const titre = input.titre.trim();
    if (!titre)
      throw new InputError('Invalid titre', 'body.titre: must not be blank', {
        field: 'body.titre',
        code: 'blank',
      });
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
    cols.competences = competences;
    cols.competencesText = competences.join(' ');
  }
  if (input.villeId !== undefined) {
    cols.villeId = input.villeId;
    if (input.villeId !== null) {
      const ville = await Ville.query(ctx.db).findById(input.villeId).select('nom');
      if (!ville)
        throw new InputError('Unknown city', 'body.villeId: no such city', {
          field: 'body.villeId',
          code: 'unknownId',
          params: { kind: 'ville' },
        });
      const localisation =
        cols.localisation === undefined ? (current?.localisation ?? null) : cols.localisation;
      if (!localisation) cols.localisation = ville.nom;
    }
  }
  if (input.deadline !== undefined && input.deadline !== null) {
    if (input.deadline < localDate(ctx.clock.now()))
      throw new InputError('Deadline in the past', 'body.deadline: must be today or later', {
        field: 'body.deadline',
        code: 'pastDate',
      });
    cols.deadline = input.deadline;
  } else if (input.deadline === null) {
    cols.deadline = null;
  }
  const min = cols.salaireMin === undefined ? current?.salaireMin : cols.salaireMin;
  const max = cols.salaireMax === undefined ? current?.salaireMax : cols.salaireMax;
  if (min != null && max != null && min > max) {
    // Named on the field this request sent: a change of salaireMax alone is the one at fault.
    throw cols.salaireMin === undefined
      ? inputError('Salary range reversed', 'body.salaireMax', 'minimum', { limit: min })
      : inputError('Salary range reversed', 'body.salaireMin', 'maximum', { limit: max });
  }
  return cols;
}
