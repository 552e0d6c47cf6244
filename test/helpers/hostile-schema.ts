/**
 * Reads the JSON Schemas of the OpenAPI document to build inputs: a valid example of a schema (the
 * base that one hostile change is applied to, so the change is the only thing wrong), a value of
 * the wrong type, and the list of a body's properties by kind. Only the schema features our routes
 * use are understood (type, enum, const, anyOf/oneOf/allOf, formats, min/max); anything else gets
 * a plain string, which at worst makes a case a 400 for another reason.
 */
import { uniqueEmail } from './unique.ts';

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
};

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** The branches of a union without the null branch (Nullable(x) is anyOf [x, null]). */
function nonNullBranches(s: JsonSchema): JsonSchema[] {
  const union = s.anyOf ?? s.oneOf;
  if (!union) return [s];
  return union.filter((b) => b.type !== 'null');
}

/** The JSON types a schema accepts ('any' when it says nothing). */
export function typesOf(s: JsonSchema): Set<string> {
  const out = new Set<string>();
  const union = s.anyOf ?? s.oneOf;
  if (union) {
    for (const b of union) for (const t of typesOf(b)) out.add(t);
    return out;
  }
  if (s.allOf) {
    for (const b of s.allOf) for (const t of typesOf(b)) out.add(t);
    return out;
  }
  if (s.const !== undefined)
    out.add(s.const === null ? 'null' : typeof s.const === 'number' ? 'number' : typeof s.const);
  else if (s.enum)
    for (const v of s.enum) out.add(v === null ? 'null' : typeof v === 'number' ? 'number' : typeof v);
  else if (Array.isArray(s.type)) for (const t of s.type) out.add(t);
  else if (s.type) out.add(s.type);
  else if (s.properties) out.add('object');
  else out.add('any');
  return out;
}

/** Merges allOf object branches into one object schema. */
export function objectSchema(s: JsonSchema): JsonSchema {
  if (!s.allOf) return s;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const b of s.allOf.map(objectSchema)) {
    Object.assign(properties, b.properties ?? {});
    required.push(...(b.required ?? []));
  }
  return { type: 'object', properties, required };
}

const PASSWORD_LIKE = /password|motdepasse/i;

function stringExample(s: JsonSchema, name: string): string {
  switch (s.format) {
    case 'email':
      return uniqueEmail('fuzz');
    case 'date':
      return '2031-06-15';
    case 'date-time':
      return '2031-06-15T10:00:00.000Z';
    case 'uri':
    case 'url':
      return 'https://example.cm/fuzz';
    case 'uuid':
      return '3f0e4b8e-6f1a-4c53-9e4b-1b2d9c0f7a11';
    default:
      break;
  }
  if (/^e?mail$/i.test(name)) return uniqueEmail('fuzz');
  if (/url$/i.test(name)) return 'https://example.cm/fuzz';
  if (PASSWORD_LIKE.test(name)) return 'Motdepasse123!';
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 200;
  let text = 'Texte de test';
  while (text.length < min) text += ' texte';
  return text.slice(0, Math.max(min, Math.min(max, text.length)));
}

/** A value the schema accepts (as far as this reader understands it). */
export function exampleOf(schema: JsonSchema, name = ''): Json {
  if (schema.const !== undefined) return schema.const as Json;
  if (schema.enum?.length) return schema.enum.find((v) => v !== null) as Json;
  if (schema.allOf) return exampleOf(objectSchema(schema), name);
  const branches = nonNullBranches(schema);
  if (branches.length && branches[0] !== schema) return exampleOf(branches[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : 'string')) {
    case 'string':
      return stringExample(schema, name);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      const value = Math.max(min, 1);
      return schema.maximum !== undefined ? Math.min(value, schema.maximum) : value;
    }
    case 'boolean':
      return true;
    case 'array': {
      const n = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: Math.min(n, schema.maxItems ?? n) }, () =>
        exampleOf(schema.items ?? { type: 'string' }, name),
      );
    }
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = exampleOf(prop, key);
      return out;
    }
    case 'null':
      return null;
    default:
      return 'Texte de test';
  }
}

const WRONG_CANDIDATS: { value: Json; type: string }[] = [
  { value: 'pas un nombre', type: 'string' },
  { value: 1.5, type: 'number' },
  { value: true, type: 'boolean' },
  { value: { inattendu: 1 }, type: 'object' },
  { value: ['x'], type: 'array' },
];

/** A value of a JSON type the schema refuses, or undefined when it accepts anything. */
export function wrongValueFor(schema: JsonSchema): Json | undefined {
  const types = typesOf(schema);
  if (types.has('any')) return undefined;
  for (const c of WRONG_CANDIDATS) {
    // 1.5 is refused by an integer schema, so it is a wrong value wherever only integers are allowed.
    if (!types.has(c.type)) return c.value;
  }
  return undefined;
}

export interface PropertyKinds {
  strings: string[];
  numbers: string[];
  enums: string[];
  all: string[];
  required: string[];
}

/** The top-level properties of an object schema by kind. */
export function propertyKinds(schema: JsonSchema): PropertyKinds {
  const s = objectSchema(schema);
  const props = s.properties ?? {};
  const kinds: PropertyKinds = {
    strings: [],
    numbers: [],
    enums: [],
    all: Object.keys(props),
    required: s.required ?? [],
  };
  for (const [name, prop] of Object.entries(props)) {
    const branch = nonNullBranches(prop)[0] ?? prop;
    const types = typesOf(branch);
    if (branch.enum || (branch.anyOf ?? []).some((b) => b.const !== undefined)) kinds.enums.push(name);
    else if (types.has('string') && !branch.format) kinds.strings.push(name);
    else if (types.has('integer') || types.has('number')) kinds.numbers.push(name);
  }
  return kinds;
}
