/**
 * What was wrong with which input, as data: `{field, code, params}` per problem. The error
 * middleware turns them into `error.fields` (with messages in the answer's language) and into
 * `error.details`. Field names are `body.prenom`, `body.entreprise.nomEntreprise`, `body.tags[0]`,
 * `query.page`.
 */
import type { ErrorObject } from 'ajv';
import { ValidationError } from '../../domain/errors.ts';

export const FIELD_CODES = [
  'required',
  'unknown',
  'type',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'uniqueItems',
  'enum',
  'pattern',
  'controlCharacter',
  'unpairedSurrogate',
  'invalid',
  // Refused by a domain rule after the schema (domain/errors.ts, InputError).
  'unknownId',
  'blank',
  'pastDate',
  'notPublished',
  'refusedUrl',
  'notInvitedAddress',
  'notOnDomain',
  'noWord',
  'regex',
  'mismatch',
] as const;

export type FieldCode = (typeof FIELD_CODES)[number];

export interface FieldProblem {
  field: string;
  code: FieldCode;
  /** What the message needs: the limit, the allowed values, the expected type, a suggestion. */
  params?: Record<string, unknown>;
}

/** A request's input broke its schema: a 400 VALIDATION_ERROR with one entry per problem. */
export class RequestValidationError extends ValidationError {
  constructor(
    where: string,
    readonly problems: FieldProblem[],
  ) {
    super(`Invalid ${where}`, problems.map((p) => `${p.field}: ${p.code}`).join('; '));
  }
}

/** "/entreprise/tags/0" under "body" is "body.entreprise.tags[0]". */
export function fieldName(where: string, instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .reduce((at, seg) => {
      const key = seg.replace(/~1/g, '/').replace(/~0/g, '~');
      return /^\d+$/.test(key) ? `${at}[${key}]` : `${at}.${key}`;
    }, where);
}

const SAME_CODE: Partial<Record<string, FieldCode>> = {
  type: 'type',
  format: 'format',
  minLength: 'minLength',
  maxLength: 'maxLength',
  minItems: 'minItems',
  maxItems: 'maxItems',
  uniqueItems: 'uniqueItems',
  enum: 'enum',
  pattern: 'pattern',
};

function problemOf(where: string, e: ErrorObject): FieldProblem {
  const field = fieldName(where, e.instancePath);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return { field: `${field}.${String(p.missingProperty)}`, code: 'required' };
    case 'additionalProperties':
      return { field: `${field}.${String(p.additionalProperty)}`, code: 'unknown' };
    case 'minimum':
    case 'exclusiveMinimum':
      return { field, code: 'minimum', params: { limit: p.limit, exclusive: e.keyword !== 'minimum' } };
    case 'maximum':
    case 'exclusiveMaximum':
      return { field, code: 'maximum', params: { limit: p.limit, exclusive: e.keyword !== 'maximum' } };
    case 'const':
      return { field, code: 'enum', params: { allowedValues: [p.allowedValue] } };
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
      return { field, code: e.keyword, params: { limit: p.limit } };
    case 'type':
      return { field, code: 'type', params: { type: String(p.type) } };
    case 'format':
      return { field, code: 'format', params: { format: p.format } };
    case 'enum':
      return { field, code: 'enum', params: { allowedValues: p.allowedValues } };
    default:
      return { field, code: SAME_CODE[e.keyword] ?? 'invalid' };
  }
}

const COMPOSITE = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else']);

/** "must be null" from the null branch of a nullable field: never the helpful error. */
function isNullBranch(e: ErrorObject): boolean {
  return e.keyword === 'type' && e.params.type === 'null' && /\/(anyOf|oneOf)\//.test(e.schemaPath);
}

/**
 * Ajv's errors as problems, one per field and code. A nullable field (`anyOf: [X, null]`) that
 * fails reports X's error, "must be null" and "must match a schema in anyOf": only X's error
 * is kept. The branches of a union of constants are merged into one `enum` with every value. A
 * union that failed without a more precise error under it is `invalid`.
 */
export function problemsOf(where: string, errors: ErrorObject[] | null | undefined): FieldProblem[] {
  const all = errors ?? [];
  const out = new Map<string, FieldProblem>();
  for (const e of all) {
    if (COMPOSITE.has(e.keyword) || isNullBranch(e)) continue;
    const problem = problemOf(where, e);
    const key = `${problem.field} ${problem.code}`;
    const before = out.get(key);
    if (!before) out.set(key, problem);
    else if (problem.code === 'enum')
      before.params = {
        allowedValues: [
          ...(before.params?.allowedValues as unknown[]),
          ...(problem.params?.allowedValues as unknown[]),
        ],
      };
  }
  // A field with an enum problem needs no "must be string" from the same union's branches.
  for (const [key, p] of out) if (p.code === 'type' && out.has(`${p.field} enum`)) out.delete(key);
  for (const e of all) {
    if (!COMPOSITE.has(e.keyword)) continue;
    const field = fieldName(where, e.instancePath);
    const covered = [...out.values()].some(
      (p) => p.field === field || p.field.startsWith(`${field}.`) || p.field.startsWith(`${field}[`),
    );
    if (!covered) out.set(`${field} invalid`, { field, code: 'invalid' });
  }
  return [...out.values()];
}
