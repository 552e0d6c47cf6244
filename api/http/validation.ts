/**
 * Validation at the edge with ajv over the routes' JSON Schemas (typebox). Query strings and path
 * parameters are coerced from text; JSON bodies are not (a number sent as a string is a 400).
 * Properties a schema does not declare are dropped, so no unexpected column can be written.
 * Text is plain text: C0 and C1 control characters are refused (400 naming the field), except
 * tab and newline in long texts (a string whose schema allows 500 characters or more:
 * descriptions, letters, messages, comments); carriage returns included, so "\r\n" must be sent as "\n".
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

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_BUT_TAB_NEWLINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const LONG_TEXT = 500;

/** Names of the properties whose schema is a long text (tab and newline allowed), anywhere in the schema. */
function longTextNames(schema: unknown, into = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return into;
  const s = schema as Record<string, unknown>;
  const props = s.properties as Record<string, Record<string, unknown>> | undefined;
  for (const [name, child] of Object.entries(props ?? {})) {
    const strings = [
      child,
      child.items,
      ...((child.anyOf as unknown[]) ?? []),
      ...((child.oneOf as unknown[]) ?? []),
    ];
    for (const c of strings) {
      const str = c as { type?: unknown; maxLength?: number } | undefined;
      if (str?.type === 'string' && (str.maxLength === undefined || str.maxLength >= LONG_TEXT))
        into.add(name);
    }
  }
  for (const value of Object.values(s)) {
    if (Array.isArray(value)) for (const v of value) longTextNames(v, into);
    else if (value && typeof value === 'object') longTextNames(value, into);
  }
  return into;
}

/** The first string that is not acceptable text, with why: an unpaired surrogate, or a control character. */
function firstBadString(value: unknown, path: string, longTexts: Set<string>): string | null {
  const stack: [unknown, string, string][] = [[value, path, '']];
  while (stack.length) {
    const [v, at, name] = stack.pop()!;
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return `${at}: text with an unpaired UTF-16 surrogate`;
      if ((longTexts.has(name) ? CONTROL_BUT_TAB_NEWLINE : CONTROL).test(v))
        return `${at}: control characters are not allowed${longTexts.has(name) ? ' (except tab and newline)' : ''}`;
    }
    if (Array.isArray(v)) v.forEach((child, i) => stack.push([child, `${at}[${i}]`, name]));
    else if (v && typeof v === 'object')
      for (const [k, child] of Object.entries(v)) stack.push([child, `${at}.${k}`, k]);
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
  const longTexts = longTextNames(schema);
  return (value: unknown) => {
    const copy = value === undefined ? (where === 'body' ? undefined : {}) : cloneOf(value, where);
    if (!validate(copy)) {
      throw new ValidationError(`Invalid ${where}`, describe(where, validate.errors));
    }
    const bad = firstBadString(copy, where, longTexts);
    if (bad) throw new ValidationError(`Invalid ${where}`, bad);
    return copy;
  };
}
