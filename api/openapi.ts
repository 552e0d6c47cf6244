/**
 * The OpenAPI 3.1 document, generated from the same RouteDefs that the router serves, so a route
 * cannot exist without being documented (and the schemas documented are the ones enforced).
 */
import type { TSchema } from 'typebox';
import type { RouteDef } from './http/route.ts';
import {
  ACCEPT_LANGUAGE_PARAMETER,
  CONTENT_LANGUAGE_HEADER,
  LANGUAGE_COMPONENTS,
  LANGUAGE_DESCRIPTION,
} from './i18n/openapi-language.ts';
import { isConditional, PRIVATE_CACHE_CONTROL } from './http/cache-policy.ts';
import { documentedWithFields, queryWithFields } from './http/sparse-fields.ts';

type Json = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'VALIDATION_ERROR: malformed JSON, wrong type, missing field, bad query parameter',
  401: 'UNAUTHORIZED: no, invalid, expired or revoked token',
  403: 'FORBIDDEN: role or ownership does not allow it',
  404: 'NOT_FOUND: unknown id, or an object the caller may not know exists',
  409: 'CONFLICT',
  413: "PAYLOAD_TOO_LARGE: a JSON body over 1 MB, or a file over the route's limit",
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'Too Many Requests (bare {status, error, message, path}, not the envelope)',
};

/** Drops typebox's internal symbol keys and returns plain JSON Schema. */
function plain(schema: TSchema): Json {
  return JSON.parse(JSON.stringify(schema)) as Json;
}

function envelopeOf(data: Json | undefined): Json {
  return {
    type: 'object',
    required: ['success', 'message', 'data', 'error', 'timestamp'],
    properties: {
      success: { type: 'boolean', const: true },
      message: { type: 'string' },
      data: data ?? { type: 'object' },
      error: { type: 'null' },
      timestamp: { type: 'string', format: 'date-time' },
    },
  };
}

function parametersOf(route: RouteDef): Json[] {
  const out: Json[] = [];
  const add = (schema: TSchema | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const s = plain(schema) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      const { description, ...rest } = prop as Json & { description?: string };
      out.push({
        name,
        in: where,
        required: where === 'path' || (s.required ?? []).includes(name),
        schema: rest,
        ...(description ? { description } : {}),
      });
    }
  };
  add(route.params, 'path');
  add(queryWithFields(route), 'query');
  if (isConditional(route))
    out.push({
      name: 'If-None-Match',
      in: 'header',
      required: false,
      schema: { type: 'string' },
      description: 'The ETag of the copy the client holds: 304 with no body when it is still current.',
    });
  for (const name of route.path.match(/\{(\w+)\}/g) ?? []) {
    const key = name.slice(1, -1);
    if (!out.some((p) => p.name === key && p.in === 'path'))
      out.push({ name: key, in: 'path', required: true, schema: { type: 'string' } });
  }
  return out;
}

function requestBodyOf(route: RouteDef): Json | undefined {
  if (route.upload) {
    const fields = route.upload.fields ? (plain(route.upload.fields).properties as Json) : {};
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'string', format: 'binary' }, ...fields },
          },
        },
      },
      description: `At most ${route.upload.maxBytes} bytes; the content type is checked from the bytes.`,
    };
  }
  if (!route.body) return undefined;
  return { required: true, content: { 'application/json': { schema: plain(route.body) } } };
}

/**
 * The error envelope, or for 429 the rate limit's bare answer; a route with its own quota (429 in its
 * `errors`) may answer either.
 */
function errorSchemaOf(route: RouteDef, code: number): Json {
  const envelope = { $ref: '#/components/schemas/ErrorEnvelope' };
  const rateLimited = { $ref: '#/components/schemas/RateLimited' };
  if (code !== 429) return envelope;
  return route.errors?.[429] ? { oneOf: [rateLimited, envelope] } : rateLimited;
}

function responsesOf(route: RouteDef): Json {
  const full = route.response ? plain(route.response) : undefined;
  const data = full && route.sparseFields ? documentedWithFields(full) : full;
  const schema = route.envelope === false ? (data ?? { type: 'object' }) : envelopeOf(data);
  const responses: Json = {
    200: {
      description: route.message ?? 'Success',
      content: { [route.produces ?? 'application/json']: { schema } },
    },
  };
  if (isConditional(route)) {
    const cacheControl = route.publicCache
      ? `\`public, max-age=${route.publicCache.maxAge}\`${route.access === 'public' ? '' : ` to anonymous callers, \`${PRIVATE_CACHE_CONTROL}\` to signed-in ones`}`
      : `\`${PRIVATE_CACHE_CONTROL}\``;
    const ok = responses[200] as Json;
    ok.headers = {
      ...(ok.headers as Json | undefined),
      ETag: {
        description: 'Weak tag of the answer; send it back in If-None-Match.',
        schema: { type: 'string' },
      },
      'Cache-Control': { description: cacheControl, schema: { type: 'string' } },
    };
    responses[304] = { description: 'Not Modified: the If-None-Match tag is current; no body.' };
  }
  const codes = new Set<number>([400, 429]);
  if (route.access !== 'public') codes.add(401).add(403);
  if (route.params) codes.add(404);
  // The body of every method but GET is read, and refused over its limit (JSON) or the route's (files).
  if (route.method !== 'get') codes.add(413);
  for (const code of Object.keys(route.errors ?? {})) codes.add(Number(code));
  for (const code of [...codes].sort()) {
    responses[code] = {
      description: route.errors?.[code]
        ? `${ERROR_DESCRIPTIONS[code] ?? ''} ${route.errors[code]}`.trim()
        : (ERROR_DESCRIPTIONS[code] ?? 'Error'),
      headers: { 'Content-Language': CONTENT_LANGUAGE_HEADER },
      content: { 'application/json': { schema: errorSchemaOf(route, code) } },
    };
  }
  return responses;
}

function operationOf(route: RouteDef): Json {
  const roles = Array.isArray(route.access)
    ? route.access.join(', ')
    : route.access === 'optional'
      ? 'token optional'
      : 'public';
  const op: Json = {
    tags: [route.tag],
    summary: route.summary,
    description: [route.description, `Access: ${roles}.`].filter(Boolean).join('\n\n'),
    operationId: `${route.method}${route.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    parameters: [...parametersOf(route), ACCEPT_LANGUAGE_PARAMETER],
    responses: responsesOf(route),
  };
  const body = requestBodyOf(route);
  if (body) op.requestBody = body;
  if (route.access === 'optional') op.security = [{}, { bearerAuth: [] }];
  else if (route.access !== 'public') op.security = [{ bearerAuth: [] }];
  else op.security = [];
  if (route.deprecated) op.deprecated = true;
  return op;
}

export function buildOpenApi(routes: RouteDef[], serverUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const p = `/v1/api${route.path}`;
    paths[p] ??= {};
    paths[p][route.method] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Recrutement API',
      version: '1.0.0',
      description:
        'Backend of a Cameroonian job board. Envelope `{success, message, data, error, timestamp}` on every detailed endpoint; ' +
        'bare answers for login/refresh, geography and paginated lists (`{content, page}`). Pagination: `page` from 0, `size` ' +
        'default 20 capped at 100, `sort=field,asc|desc` (allow-listed per list).\n\n' +
        LANGUAGE_DESCRIPTION,
    },
    servers: [{ url: serverUrl }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      ...LANGUAGE_COMPONENTS,
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          required: ['success', 'message', 'data', 'error', 'timestamp'],
          properties: {
            success: { type: 'boolean', const: false },
            message: { type: 'string' },
            data: { type: 'null' },
            error: {
              type: 'object',
              required: ['code', 'message', 'details'],
              properties: {
                code: { type: 'string' },
                message: { type: 'string' },
                details: { type: 'string' },
              },
            },
            timestamp: { type: 'string', format: 'date-time' },
          },
        },
        RateLimited: {
          type: 'object',
          required: ['timestamp', 'status', 'error', 'message', 'path'],
          properties: {
            timestamp: { type: 'string', format: 'date-time' },
            status: { type: 'integer', const: 429 },
            error: { type: 'string', const: 'Too Many Requests' },
            message: { type: 'string' },
            path: { type: 'string' },
          },
        },
      },
    },
  };
}
