/**
 * What an alert looks for, checked the same way for candidates' and public alerts: keywords with
 * at least one word, and a city / region that exist (an unknown id is a 400 naming the field).
 */
import type { Ctx } from '../context.ts';
import { InputError, inputError } from '../errors.ts';
import type { ContractType } from '../../models/offre.ts';
import { Region } from '../../models/region.ts';
import { Ville } from '../../models/ville.ts';
import { queryWords, SynonymSet } from '../search/index.ts';

export interface AlertCriteriaInput {
  keywords: string;
  villeId?: number | null;
  regionId?: number | null;
  contractType?: ContractType | null;
  salaireMin?: number | null;
  remotePossible?: boolean | null;
}

export interface AlertCriteria {
  keywords: string;
  villeId: number | null;
  regionId: number | null;
  contractType: ContractType | null;
  salaireMin: number | null;
  remotePossible: boolean | null;
}

const NO_SYNONYMS = new SynonymSet();

export async function checkAlertCriteria(ctx: Ctx, input: AlertCriteriaInput): Promise<AlertCriteria> {
  const keywords = input.keywords.trim().replace(/\s+/g, ' ');
  // Matched with the analysis of search: a text made only of stop-words or symbols finds nothing.
  if (queryWords(keywords, NO_SYNONYMS).length === 0) {
    throw inputError('Keywords must contain at least one word', 'body.keywords', 'noWord');
  }
  const villeId = input.villeId ?? null;
  const regionId = input.regionId ?? null;
  if (villeId !== null && !(await Ville.query(ctx.db).findById(villeId).select('id'))) {
    throw new InputError('Unknown city', 'villeId: no such city', {
      field: 'body.villeId',
      code: 'unknownId',
      params: { kind: 'ville' },
    });
  }
  if (regionId !== null && !(await Region.query(ctx.db).findById(regionId).select('id'))) {
    throw new InputError('Unknown region', 'regionId: no such region', {
      field: 'body.regionId',
      code: 'unknownId',
      params: { kind: 'region' },
    });
  }
  return {
    keywords,
    villeId,
    regionId,
    contractType: input.contractType ?? null,
    salaireMin: input.salaireMin ?? null,
    remotePossible: input.remotePossible ?? null,
  };
}
