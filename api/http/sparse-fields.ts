/**
 * Sparse fieldsets: `fields=id,titre,entreprise.nom` keeps only those fields of the answer (of each
 * item of a page; the page's own `page` block stays whole), so a phone showing a title, a company
 * name and a salary does not download whole offers. Names are checked against the documented
 * answer schema before anything runs: an unknown one is a 400 naming it. Without `fields` the
 * answer keeps its full shape.
 */
import Type, { type TSchema } from 'typebox';
import { bilingual, inputError, type InputCode, type InputError } from '../../domain/errors.ts';
import type { RouteDef } from './route.ts';

/** A selection: each chosen name, with the selection inside it (null: the whole value). */
export type Selection = Map<string, Selection | null>;

const MAX_FIELDS = 60;
const MAX_DEPTH = 5;

export const FieldsParam = Type.Optional(
  Type.String({
    maxLength: 1000,
    description:
      'Comma-separated fields to return (each item of a page), nested ones with dots, e.g. `id,titre,entreprise.nom,ville,salaireMin`; an unknown field is a 400. Absent: every field.',
  }),
);

type JsonSchema = {
  type?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** The query schema of the route, with `fields` when the route offers sparse fieldsets. */
export function queryWithFields(route: RouteDef): TSchema | undefined {
  if (!route.sparseFields) return route.query;
  const query = route.query as (TSchema & { properties?: Record<string, TSchema> }) | undefined;
  const { properties, ...options } = (query ?? {}) as { properties?: Record<string, TSchema> };
  return Type.Object({ ...(properties ?? {}), fields: FieldsParam }, pickObjectOptions(options));
}

function pickObjectOptions(options: Record<string, unknown>): Record<string, unknown> {
  return options.additionalProperties === false ? { additionalProperties: false } : {};
}

/** The schema `fields` selects from: the item of a page, else the answer itself. */
export function selectableSchema(response: TSchema): JsonSchema {
  const s = response as JsonSchema;
  const content = s.properties?.content;
  if (s.properties?.page && content?.type === 'array' && content.items) return content.items;
  return s;
}

/** Every property a value of this schema may have, through unions, intersections and arrays. */
function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  if (schema.type === 'array' && schema.items) return propertiesOf(schema.items);
  const out: Record<string, JsonSchema> = { ...(schema.properties ?? {}) };
  for (const part of [...(schema.anyOf ?? []), ...(schema.allOf ?? [])])
    Object.assign(out, propertiesOf(part));
  return out;
}

/** A refusal of `query.fields`: its code worded for the caller, and why, in French and in English. */
function invalid(code: InputCode, [fr, en]: [string, string], params?: Record<string, unknown>): InputError {
  return inputError(
    'Invalid query',
    'query.fields',
    code,
    params,
    bilingual(`fields : ${fr}`, `fields: ${en}`),
  );
}

/** Parses and checks `fields`; null when absent or blank (the full answer). */
export function parseFields(value: unknown, schema: JsonSchema): Selection | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const paths = value.split(',').map((p) => p.trim());
  if (paths.length > MAX_FIELDS)
    throw invalid('maxItems', [`${MAX_FIELDS} champs au plus`, `at most ${MAX_FIELDS} fields`], {
      limit: MAX_FIELDS,
    });
  const root: Selection = new Map();
  for (const path of paths) {
    if (path === '') throw invalid('blank', ['un nom de champ vide', 'an empty field name']);
    const names = path.split('.');
    if (names.length > MAX_DEPTH)
      throw invalid('invalid', [
        `« ${path} » a plus de ${MAX_DEPTH} niveaux`,
        `"${path}" is nested more than ${MAX_DEPTH} levels`,
      ]);
    let at = schema;
    let into = root;
    names.forEach((name, i) => {
      const properties = propertiesOf(at);
      if (!Object.prototype.hasOwnProperty.call(properties, name)) {
        const known = Object.keys(properties);
        const named = names.slice(0, i + 1).join('.');
        throw invalid('enum', [`champ inconnu « ${named} »`, `unknown field "${named}"`], {
          allowedValues: known,
        });
      }
      at = properties[name];
      const last = i === names.length - 1;
      const existing = into.get(name);
      if (last || existing === null) {
        into.set(name, null);
        return;
      }
      const next = existing ?? new Map();
      into.set(name, next);
      into = next;
    });
  }
  return root;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** The value with only the selected fields (arrays: each element). */
export function project(value: unknown, selection: Selection): unknown {
  if (Array.isArray(value)) return value.map((v) => project(v, selection));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [name, inner] of selection) {
    if (!Object.prototype.hasOwnProperty.call(value, name)) continue;
    out[name] = inner === null ? value[name] : project(value[name], inner);
  }
  return out;
}

/** Applies the selection to an answer: each item of a page, else the answer itself. */
export function projectAnswer(answer: unknown, selection: Selection | null): unknown {
  if (!selection) return answer;
  if (isPlainObject(answer) && Array.isArray(answer.content) && isPlainObject(answer.page))
    return { ...answer, content: project(answer.content, selection) };
  return project(answer, selection);
}

/** A copy of a JSON schema in which no property is required, at any depth. */
function withoutRequired(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutRequired);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([k]) => k !== 'required')
      .map(([k, v]) => [k, withoutRequired(v)]),
  );
}

/**
 * The documented answer of a route with sparse fieldsets (plain JSON Schema): the full shape, or,
 * with `fields`, the same shape holding only some of its fields (in each item of a page).
 */
export function documentedWithFields(schema: Record<string, unknown>): Record<string, unknown> {
  const either = (s: unknown) => ({
    anyOf: [
      s,
      { ...(withoutRequired(s) as object), description: 'with `fields`: only the fields asked for' },
    ],
  });
  const s = schema as JsonSchema & Record<string, unknown>;
  const content = s.properties?.content;
  if (s.properties?.page && content?.type === 'array' && content.items)
    return { ...s, properties: { ...s.properties, content: { ...content, items: either(content.items) } } };
  return either(s);
}
