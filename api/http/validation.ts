/**
 * Validation at the edge with ajv over the routes' JSON Schemas (typebox). Query strings and path
 * parameters are coerced from text; JSON bodies are not (a number sent as a string is a 400).
 * A JSON body may carry only the properties its schema declares: its unknown keys are looked for
 * first (api/http/body-keys.ts), before anything walks the body, and refused with 400 naming them.
 * The body is then validated where it lies, not copied: the only change made to it is the
 * schema's defaults. Unknown query parameters stay allowed (cache busters such as `_=`), and are
 * dropped where the query schema is closed.
 * Text is plain text: C0 and C1 control characters are refused (400 naming the field), except
 * tab and newline in long texts (a string whose schema allows 500 characters or more:
 * descriptions, letters, messages, comments); carriage returns included, so "\r\n" must be sent as "\n".
 * Every refusal is a RequestValidationError: one `{field, code}` per problem (api/http/field-errors.ts).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import * as addFormatsModule from 'ajv-formats';
import type { TSchema } from 'typebox';
import { closedSchema, keyChecker } from './body-keys.ts';
import { closestName } from './closest-name.ts';
import { problemsOf, RequestValidationError, type FieldProblem } from './field-errors.ts';

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
    // Bodies: unknown keys are refused, never removed. Query strings: dropped where closed.
    removeAdditional: coerce,
    useDefaults: true,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

const bodyAjv = build(false);
const textAjv = build(true);

export type Validator = (value: unknown) => unknown;

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
function firstBadString(value: unknown, path: string, longTexts: Set<string>): FieldProblem | null {
  const stack: [unknown, string, string][] = [[value, path, '']];
  while (stack.length) {
    const [v, at, name] = stack.pop()!;
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return { field: at, code: 'unpairedSurrogate' };
      const longText = longTexts.has(name);
      if ((longText ? CONTROL_BUT_TAB_NEWLINE : CONTROL).test(v))
        return { field: at, code: 'controlCharacter', params: { longText } };
    }
    if (Array.isArray(v)) v.forEach((child, i) => stack.push([child, `${at}[${i}]`, name]));
    else if (v && typeof v === 'object')
      for (const [k, child] of Object.entries(v)) stack.push([child, `${at}.${k}`, k]);
  }
  return null;
}

/**
 * A copy of query, path or multipart fields for the validator to coerce. Most are flat (strings,
 * lists of strings): copied key by key (Object.fromEntries defines a `__proto__` key as a plain
 * one), since structuredClone was 2 % of the CPU of searches made afresh; anything else is cloned.
 */
function copyOf(value: unknown, where: string): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.every(([, v]) => typeof v === 'string' || isStringList(v)))
      return Object.fromEntries(
        entries.map(([k, v]) => [k, typeof v === 'string' ? v : [...(v as string[])]]),
      );
  }
  return cloneOf(value, where);
}

const isStringList = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');

function cloneOf(value: unknown, where: string): unknown {
  try {
    return structuredClone(value);
  } catch (err) {
    // Input nested thousands of levels deep overflows the stack: bad input, not a server fault.
    if (err instanceof RangeError)
      throw new RequestValidationError(where, [{ field: where, code: 'invalid' }]);
    throw err;
  }
}

/** A body's unknown keys, refused before the body is validated or walked. */
function refuseUnknownKeys(check: ReturnType<typeof keyChecker>, value: unknown): void {
  const unknown = check?.(value, 'body') ?? [];
  if (!unknown.length) return;
  throw new RequestValidationError(
    'body',
    unknown.map(({ field, known }) => {
      const suggestion = closestName(field.slice(field.lastIndexOf('.') + 1), known);
      return { field, code: 'unknown', ...(suggestion ? { params: { suggestion } } : {}) };
    }),
  );
}

type Where = 'body' | 'query' | 'params' | 'fields';

/**
 * Validators by schema object and place: a schema compiles once per process, however many apps it
 * builds (the test suite builds about a hundred; the body's closed copy was a new object each
 * time, so Ajv compiled it again and kept every copy).
 */
const validators = new WeakMap<TSchema, Partial<Record<Where, Validator>>>();

export function compileValidator(schema: TSchema, where: Where): Validator {
  let bySchema = validators.get(schema);
  if (!bySchema) {
    bySchema = {};
    validators.set(schema, bySchema);
  }
  return (bySchema[where] ??= compiledAtFirstUse(schema, where));
}

/**
 * Compiled at its first request (a few milliseconds, once): compiling every route's schemas when
 * the app was built took 0.67 s of the API's 0.89 s in a profile of its start, for routes many
 * processes never serve. test/unit/route-validators.test.ts compiles them all.
 */
function compiledAtFirstUse(schema: TSchema, where: Where): Validator {
  let validator: Validator | undefined;
  return (value: unknown) => (validator ??= newValidator(schema, where))(value);
}

function newValidator(schema: TSchema, where: Where): Validator {
  const isBody = where === 'body';
  const validate: ValidateFunction = isBody ? bodyAjv.compile(closedSchema(schema)) : textAjv.compile(schema);
  const checkKeys = isBody ? keyChecker(schema) : null;
  const longTexts = longTextNames(schema);
  return (value: unknown) => {
    if (isBody) refuseUnknownKeys(checkKeys, value);
    // A body is parsed JSON of this request only: validated in place, defaults are its only change.
    // Query, path and multipart fields are small and coerced: a copy.
    const input = isBody ? value : value === undefined ? {} : copyOf(value, where);
    if (!validate(input)) throw new RequestValidationError(where, problemsOf(where, validate.errors));
    const bad = firstBadString(input, where, longTexts);
    if (bad) throw new RequestValidationError(where, [bad]);
    return input;
  };
}
