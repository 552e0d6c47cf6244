/**
 * A JSON body may only carry the properties its schema declares: an unknown key (a typo such as
 * `lettreMotivaton`) is a 400 naming it, never a silently dropped field.
 *
 * - closedSchema: the schema with `additionalProperties: false` on every object that does not say
 *   otherwise; validation and the OpenAPI document both use it, so what is documented is enforced.
 * - keyChecker: finds unknown keys before anything else reads the body. It walks the body only
 *   where the schema has objects to check, and never descends into an unknown key's value, so a
 *   big body made of junk is refused after reading its top-level keys.
 */
import type { TSchema } from 'typebox';

type Json = Record<string, unknown>;

function isPlainObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An object schema that lists its properties and says nothing about others is closed. */
function closes(s: Json): boolean {
  return isPlainObject(s.properties) && !('additionalProperties' in s) && !('patternProperties' in s);
}

export function closedSchema<T extends TSchema>(schema: T): T {
  const close = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(close);
    if (!isPlainObject(value)) return value;
    const out: Json = {};
    for (const [k, v] of Object.entries(value))
      // `properties` maps names to schemas: its keys are data, not keywords.
      out[k] = k === 'properties' && isPlainObject(v) ? mapValues(v, close) : close(v);
    if (closes(value)) out.additionalProperties = false;
    return out;
  };
  return close(JSON.parse(JSON.stringify(schema))) as T;
}

function mapValues(o: Json, f: (v: unknown) => unknown): Json {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));
}

/**
 * What a schema says about keys: the known ones (null: any key; undefined: it says nothing of
 * objects, e.g. an array), and the rules of their values and of items.
 */
interface KeyRule {
  known: Set<string> | null | undefined;
  children: Map<string, KeyRule>;
  items: KeyRule | null;
}

function mergeKnown(a: KeyRule['known'], b: KeyRule['known']): KeyRule['known'] {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a && b ? new Set([...a, ...b]) : null;
}

function merge(a: KeyRule | null, b: KeyRule): KeyRule {
  if (!a) return b;
  const children = new Map(a.children);
  for (const [k, r] of b.children) children.set(k, merge(children.get(k) ?? null, r));
  return {
    known: mergeKnown(a.known, b.known),
    children,
    items: b.items ? merge(a.items, b.items) : a.items,
  };
}

const CONSTRAINING = ['type', 'properties', 'items', 'anyOf', 'oneOf', 'allOf', 'const', 'enum', '$ref'];

/** The rule of the schema itself, without its union branches. */
function ownRule(s: Json): KeyRule | null {
  // A schema that constrains nothing (Type.Unknown) accepts any object.
  if (!CONSTRAINING.some((k) => k in s)) return { known: null, children: new Map(), items: null };
  const props = isPlainObject(s.properties) ? s.properties : null;
  const items = isPlainObject(s.items) ? ruleOf(s.items) : null;
  if (!props && !items && s.type !== 'object') return null;
  const children = new Map<string, KeyRule>();
  for (const [k, child] of Object.entries(props ?? {})) {
    const r = ruleOf(child);
    if (r) children.set(k, r);
  }
  const closed = props && (s.additionalProperties === false || closes(s));
  const known = closed ? new Set(Object.keys(props)) : props || s.type === 'object' ? null : undefined;
  return { known, children, items };
}

/** The rule of a schema, its union branches merged: a key that any branch knows is known. */
function ruleOf(schema: unknown): KeyRule | null {
  if (!isPlainObject(schema)) return null;
  let rule = ownRule(schema);
  for (const k of ['anyOf', 'oneOf', 'allOf'])
    for (const branch of (schema[k] as unknown[] | undefined) ?? []) {
      const r = ruleOf(branch);
      if (r) rule = merge(rule, r);
    }
  return rule;
}

export interface UnknownKey {
  /** Where the key is, e.g. "body.entreprise.nomEntrepris". */
  field: string;
  /** The declared names beside it, to suggest the one meant. */
  known: readonly string[];
}

/** At most this many unknown keys are reported: enough to fix a form, bounded for hostile bodies. */
const MAX_REPORTED = 20;

export type KeyChecker = (value: unknown, where: string) => UnknownKey[];

export function keyChecker(schema: TSchema): KeyChecker | null {
  const root = ruleOf(JSON.parse(JSON.stringify(schema)));
  if (!root) return null;
  return (value, where) => {
    const found: UnknownKey[] = [];
    const stack: [unknown, KeyRule, string][] = [[value, root, where]];
    while (stack.length && found.length < MAX_REPORTED) {
      const [v, rule, at] = stack.pop()!;
      if (Array.isArray(v)) {
        if (rule.items) for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], rule.items, `${at}[${i}]`]);
      } else if (isPlainObject(v)) {
        for (const key of Object.keys(v)) {
          if (rule.known && !rule.known.has(key)) {
            found.push({ field: `${at}.${key}`, known: [...rule.known] });
            if (found.length >= MAX_REPORTED) break;
            continue;
          }
          const child = rule.children.get(key);
          if (child) stack.push([v[key], child, `${at}.${key}`]);
        }
      }
    }
    return found;
  };
}
