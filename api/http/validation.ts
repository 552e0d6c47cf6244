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
const addFormats =
  (
    (addFormatsModule as unknown as { default: AddFormats | { default: AddFormats } }).default as {
      default?: AddFormats;
    }
  ).default ?? (addFormatsModule as unknown as { default: AddFormats }).default;

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
      const missing =
        e.keyword === 'required' ? `.${(e.params as { missingProperty: string }).missingProperty}` : '';
      const field = `${where}${e.instancePath.replace(/\//g, '.')}${missing}`;
      const allowed =
        e.keyword === 'enum'
          ? ` (${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')})`
          : '';
      return `${field}: ${e.message ?? 'is invalid'}${allowed}`;
    })
    .join('; ');
}

/** A UTF-16 surrogate without its pair: JSON may escape one ("\\ud83d") but no UTF-8 column can store it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function firstIllFormedString(value: unknown, path: string): string | null {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string' && LONE_SURROGATE.test(v)) return at;
    if (v && typeof v === 'object')
      for (const [k, child] of Object.entries(v)) stack.push([child, `${at}.${k}`]);
  }
  return null;
}

function cloneOf(value: unknown, where: string): unknown {
  try {
    return structuredClone(value);
  } catch (err) {
    // JSON nested thousands of levels deep overflows the stack: bad input, not a server fault.
    if (err instanceof RangeError)
      throw new ValidationError(`Invalid ${where}`, `${where}: nested too deeply`);
    throw err;
  }
}

export function compileValidator(schema: TSchema, where: 'body' | 'query' | 'params' | 'fields'): Validator {
  const validate: ValidateFunction = (where === 'body' ? bodyAjv : textAjv).compile(schema);
  return (value: unknown) => {
    const copy = value === undefined ? (where === 'body' ? undefined : {}) : cloneOf(value, where);
    if (!validate(copy)) {
      throw new ValidationError(`Invalid ${where}`, describe(where, validate.errors));
    }
    const illFormed = firstIllFormedString(copy, where);
    if (illFormed)
      throw new ValidationError(`Invalid ${where}`, `${illFormed}: text with an unpaired UTF-16 surrogate`);
    return copy;
  };
}
