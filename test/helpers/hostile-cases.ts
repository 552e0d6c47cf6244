/**
 * The hostile requests of one OpenAPI operation, built from its parameters and request body, so a
 * route added later is covered without touching the test. Each case says whether the server must
 * refuse it (a 4xx: the input is invalid for the documented schema) or only survive it (no 5xx:
 * schema-valid but nasty, like SQL or HTML fragments; extra fields are refused).
 */
import type { Expectation, HostileRequest } from './hostile-http.ts';
import { multipart } from './hostile-http.ts';
import {
  exampleOf,
  objectSchema,
  propertyKinds,
  typesOf,
  wrongValueFor,
  type Json,
  type JsonSchema,
} from './hostile-schema.ts';
import { exeBuffer } from './file-fixtures.ts';

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  method: string;
  /** Full path with /v1/api and {params}. */
  path: string;
  parameters: OpenApiParameter[];
  jsonBody: JsonSchema | null;
  multipartBody: JsonSchema | null;
  /** "At most N bytes" of an upload, read from the documentation. */
  maxUploadBytes: number | null;
}

export interface HostileCase extends HostileRequest {
  label: string;
  expect: Expectation;
}

interface RawOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }>; description?: string };
}

export function operationsOf(openapi: Record<string, unknown>): OpenApiOperation[] {
  const out: OpenApiOperation[] = [];
  const paths = openapi.paths as Record<string, Record<string, RawOperation>>;
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const size = /At most (\d+) bytes/.exec(op.requestBody?.description ?? '');
      out.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        jsonBody: content['application/json']?.schema ?? null,
        multipartBody: content['multipart/form-data']?.schema ?? null,
        maxUploadBytes: size ? Number(size[1]) : null,
      });
    }
  }
  return out;
}

export const SQL_FRAGMENTS = ["' OR 1=1 --", '1; DROP TABLE accounts', "\\'; SELECT SLEEP(5); --"];
export const HTML_FRAGMENTS = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>'];
const HUGE = 'a'.repeat(100 * 1024);
/** Query strings stay under Node's 16 KB header limit (beyond it Node itself answers 431). */
const LONG_QUERY = 'a'.repeat(8 * 1024);
const BAD_IDS = [
  '-1',
  '0',
  '9223372036854775808',
  '1e308',
  'abc',
  "1' OR 1=1 --",
  '1; DROP TABLE accounts',
  '<script>alert(1)</script>',
  '1.5',
  '%00',
];
const BAD_TEXT_PARAMS = ["' OR 1=1 --", '<script>alert(1)</script>', 'x'.repeat(2000), '../../etc/passwd'];
const EXTREME_NUMBERS = ['-1', '0', '9223372036854775808', '1e308', '-1e308'];
export const TEN_MB = Buffer.alloc(10 * 1024 * 1024, 0x61);

/** Bounds per operation: enough to touch every kind of input, small enough for one run under a minute. */
const MAX_PROPS_PER_KIND = 8;

const JSON_HEADERS = { 'Content-Type': 'application/json' };

function qs(params: Record<string, string>): string {
  const s = new URLSearchParams(params).toString();
  return s ? `?${s}` : '';
}

export function casesFor(
  op: OpenApiOperation,
  path: (values?: Record<string, string>) => string,
  auth: Record<string, string>,
): HostileCase[] {
  const cases: HostileCase[] = [];
  const add = (c: Omit<HostileCase, 'method' | 'headers'> & { headers?: Record<string, string> }) =>
    cases.push({
      method: op.method,
      ...c,
      headers: { ...auth, ...c.headers },
      label: `${op.method} ${op.path} ${c.label}`,
    });
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const query = op.parameters.filter((p) => p.in === 'query');
  const has = (name: string) => query.some((p) => p.name === name);
  const requiredQuery = Object.fromEntries(
    query.filter((p) => p.required).map((p) => [p.name, String(exampleOf(p.schema, p.name))]),
  );
  const validBody = op.jsonBody ? JSON.stringify(exampleOf(op.jsonBody)) : undefined;
  const bodyHeaders = op.jsonBody ? JSON_HEADERS : undefined;
  const withBody = { body: validBody, headers: bodyHeaders };

  // Path parameters: every bad id on each, the others valid.
  for (const p of pathParams) {
    const integer = typesOf(p.schema).has('integer');
    for (const bad of integer ? BAD_IDS : BAD_TEXT_PARAMS) {
      add({
        label: `path ${p.name}=${bad.slice(0, 30)}`,
        path: path({ [p.name]: bad }) + qs(requiredQuery),
        expect: 'refuse',
        ...withBody,
      });
    }
  }

  // Query string: arrays and objects where scalars are expected, pagination abuse, each parameter.
  if (op.method === 'GET') {
    const base = path() + qs(requiredQuery);
    const sep = base.includes('?') ? '&' : '?';
    if (has('page') || has('size') || has('sort')) {
      add({ label: 'query page[]=1', path: `${base}${sep}page[]=1`, expect: 'no-5xx' });
      add({ label: 'query page[a]=1&size[b]=2', path: `${base}${sep}page[a]=1&size[b]=2`, expect: 'no-5xx' });
      add({
        label: 'query page=1&page=2',
        path: `${base}${sep}page=1&page=2`,
        expect: has('page') ? 'refuse' : 'no-5xx',
      });
      add({
        label: 'query size=-1',
        path: `${base}${sep}size=-1`,
        expect: has('size') ? 'refuse' : 'no-5xx',
      });
      add({
        label: 'query size=1e308',
        path: `${base}${sep}size=1e308`,
        expect: has('size') ? 'refuse' : 'no-5xx',
      });
      add({
        label: 'query sort=password,asc',
        path: `${base}${sep}sort=password,asc`,
        expect: has('sort') ? 'refuse' : 'no-5xx',
      });
      add({
        label: 'query sort=id;drop',
        path: `${base}${sep}sort=${encodeURIComponent('id;drop')}`,
        expect: has('sort') ? 'refuse' : 'no-5xx',
      });
      add({
        label: 'query sort=id,sideways',
        path: `${base}${sep}sort=id,sideways`,
        expect: has('sort') ? 'refuse' : 'no-5xx',
      });
    } else {
      add({
        label: 'query with undeclared arrays and objects',
        path: `${base}${sep}page[]=1&size[b]=2&sort=${encodeURIComponent('id;drop')}&x=1&x=2`,
        expect: 'no-5xx',
      });
    }
  }
  if (Object.keys(requiredQuery).length)
    add({ label: 'query without its required parameters', path: path(), expect: 'refuse', ...withBody });
  for (const p of query.slice(0, MAX_PROPS_PER_KIND)) {
    const at = (value: string) => path() + qs({ ...requiredQuery, [p.name]: value });
    const types = typesOf(p.schema.type === 'array' && p.schema.items ? p.schema.items : p.schema);
    const enumerated =
      (p.schema.enum ?? p.schema.items?.enum) !== undefined ||
      (p.schema.anyOf ?? []).some((b) => b.const !== undefined);
    if (enumerated)
      add({
        label: `query ${p.name} unknown enum`,
        path: at('VALEUR_INCONNUE'),
        expect: 'refuse',
        ...withBody,
      });
    if (types.has('integer') || types.has('number')) {
      add({ label: `query ${p.name}=abc`, path: at('abc'), expect: 'refuse', ...withBody });
      for (const n of EXTREME_NUMBERS)
        add({ label: `query ${p.name}=${n}`, path: at(n), expect: 'no-5xx', ...withBody });
    } else if (types.has('boolean')) {
      add({ label: `query ${p.name}=peut-etre`, path: at('peut-etre'), expect: 'refuse', ...withBody });
    } else if (types.has('string') && !enumerated) {
      for (const v of [...SQL_FRAGMENTS, HTML_FRAGMENTS[0], LONG_QUERY, '%_\\', '""*+-~<>()@']) {
        add({ label: `query ${p.name}=${v.slice(0, 30)}`, path: at(v), expect: 'no-5xx', ...withBody });
      }
    }
  }

  const url = path() + qs(requiredQuery);
  const mutating = op.method !== 'GET';

  // Bodies of any non-GET JSON operation: broken JSON, a 10 MB body, the wrong content types.
  if (mutating && !op.multipartBody) {
    const requiredProps = op.jsonBody ? (objectSchema(op.jsonBody).required ?? []) : [];
    const needsBody = requiredProps.length > 0;
    add({
      label: 'invalid JSON',
      path: url,
      body: '{"titre": "x",',
      headers: JSON_HEADERS,
      expect: 'refuse',
    });
    add({
      label: 'JSON with a trailing garbage',
      path: url,
      body: '{} {}',
      headers: JSON_HEADERS,
      expect: 'refuse',
    });
    add({ label: 'a 10 MB body', path: url, body: TEN_MB, headers: JSON_HEADERS, expect: 'refuse' });
    if (op.jsonBody) {
      add({
        label: 'text/plain body',
        path: url,
        body: validBody,
        headers: { 'Content-Type': 'text/plain' },
        expect: 'refuse',
      });
      add({
        label: 'form-urlencoded body',
        path: url,
        body: 'email=a%40b.cm&password=x',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        expect: 'refuse',
      });
      add({
        label: 'body without Content-Type',
        path: url,
        body: validBody,
        expect: needsBody ? 'refuse' : 'no-5xx',
      });
      add({ label: 'JSON array body', path: url, body: '[]', headers: JSON_HEADERS, expect: 'refuse' });
      add({ label: 'JSON string body', path: url, body: '"texte"', headers: JSON_HEADERS, expect: 'refuse' });
      add({ label: 'JSON number body', path: url, body: '42', headers: JSON_HEADERS, expect: 'refuse' });
      add({
        label: 'JSON null body',
        path: url,
        body: 'null',
        headers: JSON_HEADERS,
        expect: needsBody ? 'refuse' : 'no-5xx',
      });
      add({
        label: 'empty object',
        path: url,
        body: '{}',
        headers: JSON_HEADERS,
        expect: needsBody ? 'refuse' : 'no-5xx',
      });
      add({
        label: 'deeply nested JSON',
        path: url,
        body: `{"x":${'['.repeat(5000)}${']'.repeat(5000)}}`,
        headers: JSON_HEADERS,
        expect: 'no-5xx',
      });
      cases.push(...bodyCases(op, op.jsonBody, url, auth));
    }
  }

  if (op.multipartBody) cases.push(...uploadCases(op, url, auth));
  return cases;
}

function bodyCases(
  op: OpenApiOperation,
  schema: JsonSchema,
  url: string,
  auth: Record<string, string>,
): HostileCase[] {
  const cases: HostileCase[] = [];
  const base = exampleOf(schema) as Record<string, Json>;
  const kinds = propertyKinds(schema);
  const props = objectSchema(schema).properties ?? {};
  const add = (label: string, body: unknown, expect: Expectation) =>
    cases.push({
      method: op.method,
      path: url,
      headers: { ...auth, ...JSON_HEADERS },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      label: `${op.method} ${op.path} body ${label}`,
      expect,
    });

  for (const name of kinds.required.slice(0, MAX_PROPS_PER_KIND)) {
    const { [name]: _dropped, ...rest } = base;
    add(`without required ${name}`, rest, 'refuse');
  }
  for (const name of kinds.all.slice(0, 2 * MAX_PROPS_PER_KIND)) {
    const wrong = wrongValueFor(props[name]);
    if (wrong !== undefined)
      add(`${name} of the wrong type (${JSON.stringify(wrong)})`, { ...base, [name]: wrong }, 'refuse');
  }
  for (const name of kinds.enums.slice(0, MAX_PROPS_PER_KIND))
    add(`${name} unknown enum`, { ...base, [name]: 'VALEUR_INCONNUE' }, 'refuse');
  add(
    'with extra fields',
    {
      ...base,
      id: 999999,
      role: 'SUPER_ADMIN',
      entrepriseId: 1,
      status: 'ACTIVE',
      enabled: true,
      passwordHash: 'x',
    },
    'refuse',
  );
  const baseText = JSON.stringify(base).slice(1, -1);
  add(
    'with __proto__',
    `{"__proto__":{"polluted":"oui"},"constructor":{"prototype":{"polluted":"oui"}}${baseText ? `,${baseText}` : ''}}`,
    'no-5xx',
  );
  kinds.strings.slice(0, MAX_PROPS_PER_KIND).forEach((name, i) => {
    add(`${name} of 100 KB`, { ...base, [name]: HUGE }, 'no-5xx');
    add(`${name} with SQL`, { ...base, [name]: SQL_FRAGMENTS[i % SQL_FRAGMENTS.length] }, 'no-5xx');
    add(
      `${name} with HTML, a NUL byte and an emoji`,
      { ...base, [name]: `${HTML_FRAGMENTS[i % HTML_FRAGMENTS.length]}\u0000 🚀` },
      'no-5xx',
    );
  });
  if (kinds.strings.length) {
    // "\ud83d" alone is valid JSON but no UTF-8 text: refused at the edge (it used to break JSON columns).
    const lone = Object.fromEntries(kinds.strings.map((name) => [name, 'a\ud83d']));
    add('texts with an unpaired surrogate', { ...base, ...lone }, 'refuse');
  }
  for (const name of kinds.numbers.slice(0, MAX_PROPS_PER_KIND)) {
    for (const n of EXTREME_NUMBERS)
      add(`${name}=${n}`, `{${baseText ? `${baseText},` : ''}"${name}":${n}}`, 'no-5xx');
  }
  return cases;
}

function uploadCases(op: OpenApiOperation, url: string, auth: Record<string, string>): HostileCase[] {
  const schema = op.multipartBody as JsonSchema;
  const fieldSchemas = Object.entries(schema.properties ?? {}).filter(([k]) => k !== 'file');
  const fields = Object.fromEntries(fieldSchemas.map(([k, s]) => [k, String(exampleOf(s, k))]));
  const cases: HostileCase[] = [];
  const add = (label: string, body: string | Buffer, contentType: string, expect: Expectation) =>
    cases.push({
      method: op.method,
      path: url,
      headers: { ...auth, 'Content-Type': contentType },
      body,
      label: `${op.method} ${op.path} upload ${label}`,
      expect,
    });
  const form = (parts: Parameters<typeof multipart>[0]) => multipart(parts);

  add('as a JSON body', '{}', 'application/json', 'refuse');
  add('as text/plain', 'bonjour', 'text/plain', 'refuse');
  add('as form-urlencoded', 'file=bonjour', 'application/x-www-form-urlencoded', 'refuse');
  let m = form({ fields });
  add('without a file', m.body, m.contentType, 'refuse');
  m = form({
    fields,
    file: { field: 'autre', name: 'cv.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n') },
  });
  add('with the file in another field', m.body, m.contentType, 'refuse');
  m = form({ fields, file: { name: 'cv.pdf', type: 'application/pdf', data: exeBuffer() } });
  add('an executable named .pdf', m.body, m.contentType, 'refuse');
  m = form({ fields, file: { name: 'vide.pdf', type: 'application/pdf', data: Buffer.alloc(0) } });
  add('an empty file', m.body, m.contentType, 'no-5xx');
  m = form({
    fields,
    file: { name: '../../../etc/passwd', type: 'text/plain', data: Buffer.from('root:x:0:0') },
  });
  add('a path as file name', m.body, m.contentType, 'no-5xx');
  m = form({ fields, file: { name: 'x.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n') } });
  add('a truncated multipart body', m.body.subarray(0, m.body.length - 20), m.contentType, 'no-5xx');
  add('a multipart body without boundary', m.body, 'multipart/form-data', 'refuse');
  for (const [k, s] of fieldSchemas) {
    if (s.enum) {
      m = form({
        fields: { ...fields, [k]: 'VALEUR_INCONNUE' },
        file: { name: 'x.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n') },
      });
      add(`field ${k} unknown enum`, m.body, m.contentType, 'refuse');
    }
  }
  if (op.maxUploadBytes) {
    const big = Buffer.alloc(op.maxUploadBytes + 1024, 0x20);
    Buffer.from('%PDF-1.4\n').copy(big);
    m = form({ fields, file: { name: 'gros.pdf', type: 'application/pdf', data: big } });
    add(`a file over ${op.maxUploadBytes} bytes`, m.body, m.contentType, 'refuse');
  }
  return cases;
}
