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
import { TOKEN_ERROR_CODES } from '../domain/errors.ts';
import { closedSchema } from './http/body-keys.ts';
import { bodyLimitOf, DEFAULT_BODY_LIMIT, kilobytes, LONG_TEXT_BODY_LIMIT } from './http/body-limit.ts';
import { FIELD_CODES } from './http/field-errors.ts';
import { API_SCOPES, SCOPE_WORDS } from '../domain/integrations/index.ts';

type Json = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'VALIDATION_ERROR: malformed JSON, wrong type, missing or unknown field, bad query parameter; `error.fields` names each field at fault',
  401:
    'The code says what happened (RFC 6750): TOKEN_MISSING, no bearer token; TOKEN_EXPIRED; TOKEN_INVALID, bad signature, ' +
    'malformed, or not an access token (a refresh token); TOKEN_REVOKED, logged out, login revoked (refresh-token reuse), ' +
    'account disabled or role changed. `WWW-Authenticate` carries the challenge.',
  403: 'FORBIDDEN: role or ownership does not allow it',
  404: 'NOT_FOUND: unknown id, or an object the caller may not know exists',
  409: 'CONFLICT',
  413: "PAYLOAD_TOO_LARGE: a body over the route's limit (`x-body-limit`), or a file over the upload's limit",
  415:
    'UNSUPPORTED_MEDIA_TYPE: a body of another type than the operation reads (`Content-Type: application/json`, or ' +
    'the form type of a form operation), or a file of a type the upload does not take; the message says what to send',
  429: "Too Many Requests (bare {timestamp, status, error, message, path}, not the envelope; `Retry-After` in seconds): over the limit of the route's category, or blocked in that category for too many of these answers (1, 5, 15 then 60 minutes)",
};

/** Every code a 401 carries: a token problem, or a wrong password where a route asks for one. */
const UNAUTHORIZED_CODES = [...TOKEN_ERROR_CODES, 'INVALID_CREDENTIALS'];

const WWW_AUTHENTICATE_HEADER = {
  description:
    'On a token error (RFC 6750 section 3): `Bearer realm="recrutement"` when no token was sent (TOKEN_MISSING), else ' +
    '`Bearer error="invalid_token", error_description="..."`. Absent on INVALID_CREDENTIALS.',
  schema: { type: 'string' },
};

/** The error envelope of a 401, with its code among UNAUTHORIZED_CODES (no `fields`: that is VALIDATION_ERROR's). */
function unauthorizedEnvelope(): Json {
  return {
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
          code: { type: 'string', enum: UNAUTHORIZED_CODES },
          message: { type: 'string' },
          details: { type: 'string' },
        },
      },
      timestamp: { type: 'string', format: 'date-time' },
    },
  };
}

/** `error.fields`, documented once here, inside the error envelope every error status uses. */
const FIELD_ERRORS: Json = {
  type: 'array',
  description:
    'On every VALIDATION_ERROR (empty when no field can be named, e.g. malformed JSON): one entry per field at ' +
    'fault. `field` is where (`body.prenom`, `body.entreprise.nomEntreprise`, `body.tags[0]`, `query.page`), ' +
    "`code` is what a form switches on, `message` a sentence in the answer's language (`Accept-Language`) to show " +
    'as it is; `details` repeats them as `field: message; ...`, followed in parentheses, in the same language, by the ' +
    "rule's own explanation when it says more than its code (a webhook URL that must reach a public address, the " +
    'syntax a pattern lacks). Besides the ' +
    "schema's codes, rules of the API give `blank` (spaces only), `unknownId` (no such city, region, sector or level), " +
    '`pastDate`, `notPublished` (the offer named must be published), `refusedUrl` (the URL does not reach a public ' +
    'server), `notInvitedAddress`, `notOnDomain`, `noWord` (only stop words), `regex` and `mismatch` (a confirmation ' +
    'that differs from its field).',
  items: {
    type: 'object',
    required: ['field', 'code', 'message'],
    properties: {
      field: { type: 'string' },
      code: { type: 'string', enum: [...FIELD_CODES] },
      message: { type: 'string' },
    },
  },
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
  const limit = bodyLimitOf(route);
  return {
    required: true,
    description:
      `At most ${kilobytes(limit)} (${limit} bytes) of ${route.form ? 'form data' : 'JSON'}: a larger body is refused with 413 PAYLOAD_TOO_LARGE before it is read. ` +
      'A property the schema does not declare is refused with 400 VALIDATION_ERROR naming it (`error.fields`, code `unknown`).',
    content: {
      [route.form ? 'application/x-www-form-urlencoded' : 'application/json']: {
        schema: plain(closedSchema(route.body)),
      },
    },
  };
}

/**
 * The error envelope, or for 429 the rate limit's bare answer; a route with its own quota (429 in its
 * `errors`) may answer either.
 */
function errorSchemaOf(route: RouteDef, code: number): Json {
  if (code === 401) return { $ref: '#/components/schemas/Unauthorized' };
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
  // A body of another type than the operation reads (a form sent to a JSON operation).
  if (route.body) codes.add(415);
  for (const code of Object.keys(route.errors ?? {})) codes.add(Number(code));
  for (const code of [...codes].sort()) {
    responses[code] = {
      description: route.errors?.[code]
        ? // A public route's 401 is its own (a wrong password, a refused refresh token), never a missing access token.
          `${code === 401 && route.access === 'public' ? '' : (ERROR_DESCRIPTIONS[code] ?? '')} ${route.errors[code]}`.trim()
        : (ERROR_DESCRIPTIONS[code] ?? 'Error'),
      headers: {
        'Content-Language': CONTENT_LANGUAGE_HEADER,
        ...(code === 401 ? { 'WWW-Authenticate': WWW_AUTHENTICATE_HEADER } : {}),
      },
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
  // Every method but GET has its body read, within this many bytes (uploads: see requestBody).
  if (route.method !== 'get' && !route.upload) op['x-body-limit'] = bodyLimitOf(route);
  if (route.access === 'optional') op.security = [{}, { bearerAuth: [] }];
  else if (route.access !== 'public') op.security = [{ bearerAuth: [] }];
  else op.security = [];
  // Third-party apps' OAuth tokens reach the operations that accept one of their scopes.
  if (route.scopes?.length) (op.security as Json[]).push({ oauth2: [...route.scopes] });
  if (route.deprecated) op.deprecated = true;
  return op;
}

/**
 * The OAuth 2.0 server of third-party integrations (api/oauth, under /oauth): the code flow
 * with PKCE for apps acting for a recruiter, client credentials for an app acting for its own
 * company. Discovery at /oauth/.well-known/openid-configuration.
 */
function oauth2Scheme(serverUrl: string): Json {
  const base = `${serverUrl.replace(/\/+$/, '')}/oauth`;
  const scopes = Object.fromEntries(API_SCOPES.map((s) => [s, SCOPE_WORDS[s].en]));
  return {
    type: 'oauth2',
    description:
      'Tokens of third-party integration apps (register an app with POST /integrations/apps; an administrator ' +
      'approves it). PKCE (S256) is required. A token reaches only the operations listed with one of its scopes, ' +
      `for one company, never administration. Discovery: ${base}/.well-known/openid-configuration.`,
    flows: {
      authorizationCode: {
        authorizationUrl: `${base}/auth`,
        tokenUrl: `${base}/token`,
        refreshUrl: `${base}/token`,
        scopes: { openid: SCOPE_WORDS.openid.en, offline_access: SCOPE_WORDS.offline_access.en, ...scopes },
      },
      clientCredentials: { tokenUrl: `${base}/token`, scopes },
    },
  };
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
        `Request bodies are JSON of at most ${kilobytes(DEFAULT_BODY_LIMIT)}, or ${kilobytes(LONG_TEXT_BODY_LIMIT)} for operations that take long texts ` +
        '(each operation states its `x-body-limit` in bytes; over it, 413 PAYLOAD_TOO_LARGE). A body property that the ' +
        'schema does not declare is refused (400 VALIDATION_ERROR, `error.fields` code `unknown`). Query strings are ' +
        'lenient: an unknown query parameter (a cache buster such as `_=1712345678`) is ignored.\n\n' +
        'A path that no operation serves answers 404 NOT_FOUND (its `details` name the operation one or two typing ' +
        'mistakes away, when there is one: `did you mean GET /v1/api/offres/{offreId}?`); a documented path asked with a method it does not serve ' +
        'answers 405 METHOD_NOT_ALLOWED with an `Allow` header listing its methods (OPTIONS answers that list too).\n\n' +
        LANGUAGE_DESCRIPTION,
    },
    servers: [{ url: serverUrl }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        oauth2: oauth2Scheme(serverUrl),
      },
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
                fields: FIELD_ERRORS,
              },
            },
            timestamp: { type: 'string', format: 'date-time' },
          },
        },
        Unauthorized: unauthorizedEnvelope(),
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
