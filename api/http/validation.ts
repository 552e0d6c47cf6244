/**
 * Validation at the edge with ajv over the routes' JSON Schemas (typebox). Query strings and path
 * parameters are coerced from text; JSON bodies are not (a number sent as a string is a 400).
 * Properties a schema does not declare are dropped, so no unexpected column can be written.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import * as addFormatsModule from 'ajv-formats';
import type { TSchema } from 'typebox';
import { ValidationError } from '../../domain/errors.ts';

// ajv-formats is CommonJS; under ESM its function sits on .default.
type AddFormats = (ajv: Ajv) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default: AddFormats | { default: AddFormats } }).default as { default?: AddFormats }).default ??
  ((addFormatsModule as unknown as { default: AddFormats }).default);

function build(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    removeAdditional: true,
    useDefaults: true,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

const bodyAjv = build(false);
const textAjv = build(true);

export type Validator = (value: unknown) => unknown;

function describe(where: string, errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map((e) => {
      const missing = e.keyword === 'required' ? `.${(e.params as { missingProperty: string }).missingProperty}` : '';
      const field = `${where}${e.instancePath.replace(/\//g, '.')}${missing}`;
      const allowed = e.keyword === 'enum' ? ` (${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')})` : '';
      return `${field}: ${e.message ?? 'is invalid'}${allowed}`;
    })
    .join('; ');
}

export function compileValidator(schema: TSchema, where: 'body' | 'query' | 'params' | 'fields'): Validator {
  const validate: ValidateFunction = (where === 'body' ? bodyAjv : textAjv).compile(schema);
  return (value: unknown) => {
    const copy = value === undefined ? (where === 'body' ? undefined : {}) : structuredClone(value);
    if (!validate(copy)) {
      throw new ValidationError(`Invalid ${where}`, describe(where, validate.errors));
    }
    return copy;
  };
}
