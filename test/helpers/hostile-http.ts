/**
 * A bounded HTTP client for hostile requests against the app listening on 127.0.0.1:0: raw bodies
 * and headers exactly as given (broken JSON, wrong content types, 10 MB), a time-out per request
 * (a hang is a failure, not a stuck test run), and the check every hostile answer must pass:
 * never a 5xx, an error in the envelope (or the bare 429 body), no stack trace or SQL text.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import { nodeListener } from '../../api/http/node-listener.ts';

export interface Listening {
  port: number;
  close(): Promise<void>;
}

export async function listen(app: Koa): Promise<Listening> {
  const server = http.createServer(nodeListener(app));
  // keep-alive off: a request whose body the server refused must not poison the next one.
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface HostileRequest {
  method: string;
  /** Path with its query string, starting with /v1/api. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface HostileAnswer {
  status: number;
  text: string;
  json: unknown;
  contentType: string;
  /** Set when no answer came: a time-out or a broken connection. */
  failure: string | null;
}

export const REQUEST_TIMEOUT_MS = 30_000;

export function send(
  target: Listening,
  req: HostileRequest,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<HostileAnswer> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: HostileAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const headers: Record<string, string | number> = { Connection: 'close', ...req.headers };
    if (req.body !== undefined) headers['Content-Length'] = Buffer.byteLength(req.body);
    const request = http.request(
      { host: '127.0.0.1', port: target.port, method: req.method, path: req.path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON: problemsOf reports it where an envelope was due
          }
          done({
            status: res.statusCode ?? 0,
            text,
            json,
            contentType: String(res.headers['content-type'] ?? ''),
            failure: null,
          });
        });
        res.on('error', (e) =>
          done({
            status: res.statusCode ?? 0,
            text: '',
            json: undefined,
            contentType: '',
            failure: `response: ${e.message}`,
          }),
        );
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      done({
        status: 0,
        text: '',
        json: undefined,
        contentType: '',
        failure: `no answer within ${timeoutMs} ms`,
      });
    }, timeoutMs);
    // The server may answer (413) and close before reading a huge body: the write then fails with
    // EPIPE/ECONNRESET while the answer is on its way, so a write error only counts when no answer comes.
    request.on('error', (e) => {
      setTimeout(
        () =>
          done({
            status: 0,
            text: '',
            json: undefined,
            contentType: '',
            failure: `connection: ${e.message}`,
          }),
        200,
      );
    });
    if (req.body !== undefined) request.end(req.body);
    else request.end();
  });
}

/** Multipart body with an optional file part and text fields. */
export function multipart(
  parts: {
    file?: { field?: string; name: string; type: string; data: Buffer };
    fields?: Record<string, string>;
  },
  boundary = `----hostile${Date.now().toString(36)}`,
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(parts.fields ?? {})) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (parts.file) {
    const f = parts.file;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Texts that only a leaking server writes: stack frames, file paths, driver errors, SQL statements. */
const LEAKS: [RegExp, string][] = [
  [/\n\s+at \S+ \(|\bat (file|node):\/\//, 'stack trace'],
  [
    new RegExp(`node_modules|${process.cwd().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|\\.ts:\\d+:\\d+`),
    'server file path',
  ],
  [/\bER_[A-Z_]{3,}\b|sqlMessage|sqlState|errno/, 'database error'],
  [
    /You have an error in your SQL syntax|Incorrect \w+ value|Data too long|Out of range value|Duplicate entry/i,
    'database error text',
  ],
  [
    /\b(select|delete)\s+[\w*`., ]+\s+from\s+`?\w+|\binsert\s+into\s+`?\w|\bupdate\s+`\w+`\s+set\b/i,
    'SQL statement',
  ],
];

export type Expectation = 'refuse' | 'no-5xx';

/** What is wrong with an answer to a hostile request; empty when it is acceptable. */
export function problemsOf(answer: HostileAnswer, expect: Expectation): string[] {
  const problems: string[] = [];
  if (answer.failure) return [answer.failure];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  if (expect === 'refuse' && answer.status < 400)
    problems.push(`status ${answer.status} where a refusal (4xx) was expected`);
  if (answer.status === 429) {
    const b = answer.json as { status?: number; error?: string } | undefined;
    if (b?.status !== 429 || b.error !== 'Too Many Requests') problems.push('429 without its bare body');
  } else if (answer.status >= 400) {
    const b = answer.json as
      { success?: unknown; data?: unknown; error?: { code?: unknown; message?: unknown } } | undefined;
    if (
      !b ||
      b.success !== false ||
      b.data !== null ||
      typeof b.error?.code !== 'string' ||
      typeof b.error.message !== 'string'
    ) {
      problems.push(`error not in the envelope: ${answer.text.slice(0, 120)}`);
    }
  }
  for (const [pattern, what] of LEAKS) {
    const m = pattern.exec(answer.text);
    if (m)
      problems.push(`${what} in the body: "${answer.text.slice(Math.max(0, m.index - 40), m.index + 80)}"`);
  }
  return problems;
}
