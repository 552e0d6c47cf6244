/**
 * A small outbound HTTP client for webhook deliveries: one POST, a hard time-out covering the whole
 * exchange (connect, send, response headers), no redirect following (node:http never follows),
 * no connection reuse, and an optional `lookup` so the caller can pin the address it has already
 * checked (a second DNS answer could otherwise point somewhere else: DNS rebinding).
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export interface PostOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  /** Resolves the host name; used to connect to an address checked beforehand. */
  lookup?: LookupFunction;
}

export interface PostResult {
  status: number;
  /** The receiver's Retry-After header, when it sent one. */
  retryAfter?: string;
}

/** The request did not complete within the time-out. */
export class HttpTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
    this.name = 'HttpTimeoutError';
  }
}

export type PostFunction = (url: string, body: string, opts: PostOptions) => Promise<PostResult>;

export const postJson: PostFunction = (url, body, opts) =>
  new Promise<PostResult>((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const controller = new AbortController();
    let timedOut = false;
    let settled = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs);
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { ...opts.headers, 'Content-Length': String(Buffer.byteLength(body)) },
        agent: false,
        signal: controller.signal,
        ...(opts.lookup ? { lookup: opts.lookup } : {}),
      },
      (res) => {
        // Only the status matters; the body is drained and dropped, the socket closed after it.
        res.on('error', () => undefined);
        res.resume();
        const retryAfter = res.headers['retry-after'];
        finish(() => resolve({ status: res.statusCode ?? 0, ...(retryAfter ? { retryAfter } : {}) }));
        const drainTimer = setTimeout(() => res.destroy(), opts.timeoutMs);
        res.on('close', () => clearTimeout(drainTimer));
      },
    );
    req.on('error', (err) => finish(() => reject(timedOut ? new HttpTimeoutError(opts.timeoutMs) : err)));
    req.end(body);
  });
