/**
 * Checks each answer against the OpenAPI document, for the tests (createApp's `onAnswerMismatch`;
 * never installed in production). After the route and the error middleware have run, the status must
 * be one the operation documents, and a JSON answer must match that status's schema: the success
 * envelope with the route's data schema, the bare schema, the error envelope or the rate-limit
 * answer, with no property the document does not declare. Files, pages and feeds are checked by
 * content type only. The body is checked as the client receives it (after JSON serialisation), and is
 * never modified.
 */
import type Koa from 'koa';
import { Ajv2019, type ErrorObject, type ValidateFunction } from 'ajv/dist/2019.js';
import * as addFormatsModule from 'ajv-formats';
import { koaPath } from './mount-routes.ts';

type Json = Record<string, unknown>;

export interface AnswerMismatch {
  /** 'POST /v1/api/offres/{offreId}' (or the request path when no route matched). */
  route: string;
  status: number;
  problem: string;
}

interface Documented {
  route: string;
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

// ajv-formats is CommonJS; under ESM its function sits on .default.
type AddFormats = (ajv: Ajv2019) => Ajv2019;
const addFormats =
  (
    (addFormatsModule as unknown as { default: AddFormats | { default: AddFormats } }).default as {
      default?: AddFormats;
    }
  ).default ?? (addFormatsModule as unknown as { default: AddFormats }).default;

const JSON_TYPE = 'application/json';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Replaces `#/components/schemas/X` references by the component itself (they are not nested). */
function inlined(schema: unknown, components: Record<string, Json>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inlined(s, components));
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/'))
    return components[ref.slice('#/components/schemas/'.length)];
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inlined(v, components)]));
}

/**
 * The schema with every object closed: a property the document does not declare is a mismatch too
 * (`unevaluatedProperties`, so the parts of an intersection see each other's properties). Objects
 * documented without properties, or with their own `additionalProperties`, stay as they are.
 */
function closed(schema: unknown, inIntersection = false): unknown {
  if (Array.isArray(schema)) return schema.map((s) => closed(s, inIntersection));
  if (!schema || typeof schema !== 'object') return schema;
  const s = schema as Json;
  const out: Json = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'allOf') out[k] = (v as unknown[]).map((part) => closed(part, true));
    else if (k === 'properties')
      out[k] = Object.fromEntries(Object.entries(v as Json).map(([name, p]) => [name, closed(p)]));
    else out[k] = closed(v);
  }
  const open = 'additionalProperties' in s || 'unevaluatedProperties' in s || 'patternProperties' in s;
  if (!open && !inIntersection && (s.properties || s.allOf)) out.unevaluatedProperties = false;
  return out;
}

/** The error parameter worth naming: the missing or undeclared property, the allowed values. */
function detailOf(e: ErrorObject): string {
  const p = e.params as { missingProperty?: string; unevaluatedProperty?: string; allowedValues?: unknown[] };
  const detail = p.missingProperty ?? p.unevaluatedProperty ?? p.allowedValues?.join(', ');
  return detail === undefined ? '' : ` (${detail})`;
}

function describe(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}${detailOf(e)} [${e.schemaPath}]`)
    .join('; ');
}

// Whether a content type is the documented one, or within its range (image/*, or */* for any type).
function inRange(actual: string, documented: string): boolean {
  if (!actual) return false;
  if (documented === '*/*') return true;
  return documented.endsWith('/*') ? actual.startsWith(documented.slice(0, -1)) : actual === documented;
}

/** The body as the client reads it, or undefined when it is not JSON text or a JSON-able value. */
function jsonOf(body: unknown): { value: unknown } | undefined {
  try {
    if (typeof body === 'string') return { value: JSON.parse(body) as unknown };
    // JSON answers are sent as their UTF-8 bytes (cacheable-answer.ts); other bytes are no JSON text.
    if (Buffer.isBuffer(body)) return { value: JSON.parse(body.toString('utf8')) as unknown };
    if (body === null || body === undefined) return undefined;
    if (typeof (body as { pipe?: unknown }).pipe === 'function') return undefined;
    return { value: JSON.parse(JSON.stringify(body)) as unknown };
  } catch {
    return undefined;
  }
}

const ajv = new Ajv2019({ allErrors: true, strict: false });
addFormats(ajv);
// Compiled once per schema text for the whole process: tests build an app per test, some one per request.
const byText = new Map<string, ValidateFunction>();
function compiledOnce(schema: Json): ValidateFunction {
  const text = JSON.stringify(schema);
  let validate = byText.get(text);
  if (!validate) {
    validate = ajv.compile(schema);
    byText.set(text, validate);
  }
  return validate;
}

export function answerCheck(
  openapi: Record<string, unknown>,
  apiPrefix: string,
  onMismatch: (mismatch: AnswerMismatch) => void,
): Koa.Middleware {
  const components = ((openapi.components as Json).schemas ?? {}) as Record<string, Json>;
  const operations = new Map<string, Documented>();
  for (const [path, item] of Object.entries(openapi.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as { responses: Documented['responses'] } | undefined;
      if (op)
        operations.set(`${method.toUpperCase()} ${koaPath(path)}`, {
          route: `${method.toUpperCase()} ${path}`,
          responses: op.responses,
        });
    }
  }
  const compiled = new WeakMap<Json, ValidateFunction>();
  const validatorOf = (schema: Json): ValidateFunction => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = compiledOnce(closed(inlined(schema, components)) as Json);
      compiled.set(schema, validate);
    }
    return validate;
  };

  const fallback = (status: number) => ({
    content: { [JSON_TYPE]: { schema: status === 429 ? components.RateLimited : components.ErrorEnvelope } },
  });

  const check = (koa: Koa.Context, op: Documented | undefined): string | null => {
    const status = koa.status;
    if (status === 304 && koa.method === 'GET') return null;
    // Any route may be unavailable (database down, hashing saturated): the error envelope, undocumented.
    const documented = op
      ? (op.responses[String(status)] ?? (status === 503 ? fallback(status) : undefined))
      : fallback(status);
    if (!documented)
      return `status ${status} is not documented (documented: ${Object.keys(op!.responses).join(', ')})`;
    const [type, media] = Object.entries(documented.content ?? {})[0] ?? [];
    if (!type) return null;
    const actualType = koa.response.type;
    if (type !== JSON_TYPE)
      return inRange(actualType, type) ? null : `content type ${actualType || 'none'}, documented ${type}`;
    if (actualType !== JSON_TYPE) return `content type ${actualType || 'none'}, documented ${JSON_TYPE}`;
    const json = jsonOf(koa.body);
    if (!json) return 'the body is not JSON';
    if (!media?.schema) return null;
    const validate = validatorOf(media.schema);
    return validate(json.value) ? null : describe(validate.errors);
  };

  return async (koa, next) => {
    await next();
    if (koa.method === 'HEAD' || koa.method === 'OPTIONS') return;
    const routerPath = (koa as { routerPath?: string }).routerPath;
    const op = operations.get(`${koa.method} ${routerPath ?? ''}`);
    // Outside the documented routes, only errors under the API prefix are ours to check.
    if (!op && !(koa.path.startsWith(`${apiPrefix}/`) && koa.status >= 400)) return;
    const problem = check(koa, op);
    if (problem)
      onMismatch({ route: op?.route ?? `${koa.method} ${koa.path} (no route)`, status: koa.status, problem });
  };
}
