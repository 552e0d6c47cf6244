/**
 * Answer replays: an anonymous public GET answered again from the answer the routes gave to the
 * same request a moment ago, without running them. A profile of GET /regions under load put the
 * request's own CPU in fifteen middleware (headers, CORS, language, compression, routing,
 * validation) that give the same answer to the same request; a replay only counts the client's
 * request (rate limit), writes the recorded headers and body, and names the request (X-Request-Id).
 *
 * The same request: the same URL and the same values of every request header the answer can depend
 * on (Host, Accept, Accept-Encoding, Accept-Language, Origin), with no other header than those
 * REPLAYABLE_REQUEST_HEADERS lists: a token, a cookie, a conditional header or a body sends the
 * request through the routes. Recorded: 200 answers that a route's sender marked as the same for
 * everyone (`markReplayable`, public Cache-Control), without cookie; an answer the routes
 * compressed is compressed the same way (its Accept-Encoding is in the key). Replayed with this request's own X-Request-Id, rate-limit headers and envelope
 * `timestamp`.
 *
 * Freshness: a recorded answer is replayed for `keepMs` (ANSWER_REPLAY_MS, 200 ms by default), so
 * a change made through another instance reaches replayed answers at most that much later than the
 * routes' own bound; a write through this instance forgets every recorded answer at once, unless
 * its route changes no public answer (RouteDef.leavesPublicAnswers: logins, applications).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type Koa from 'koa';
import type { RateCategory } from '../rate-limit/category.ts';
import type { ContentEncoding } from '../middleware/compression.ts';
import { ByteBoundedMap } from './byte-bounded-map.ts';

/** Request headers a replayed request may carry: transport, client hints, and those in the key. */
const REPLAYABLE_REQUEST_HEADERS = new Set([
  'host',
  'connection',
  'user-agent',
  'accept',
  'accept-encoding',
  'accept-language',
  'origin',
  'referer',
  'cache-control',
  'pragma',
  'dnt',
  'x-request-id',
  'cf-connecting-ip',
  'x-forwarded-for',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
  'sec-fetch-user',
  'sec-ch-ua',
  'sec-ch-ua-mobile',
  'sec-ch-ua-platform',
  'upgrade-insecure-requests',
]);

/** Response headers that belong to one request (or to the connection): never recorded. */
const OWN_RESPONSE_HEADERS = new Set([
  'x-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/** Bytes of bodies kept at most per process, the oldest answers dropped first. */
const MAX_REPLAY_BYTES = 16 * 1024 * 1024;

/** What a route's sender marks as replayable: the body it set, and its bytes without `timestamp`. */
export interface ReplayableBody {
  /** The body the sender set (`koa.body`): recorded only if the answer still carries it. */
  sent: Buffer | string;
  /** The answer's bytes; with `timestamped`, without the envelope's last property `timestamp`. */
  bytes: Buffer | string;
  timestamped: boolean;
}

export interface Replay {
  status: 200;
  /** How the routes compressed the answer (its Content-Encoding), or null. */
  encoding: ContentEncoding | null;
  /** The compressed bytes of an answer without timestamp, made at its first replay. */
  compressed?: Buffer;
  /** Header names and values in turn, as `writeHead` takes them. */
  headers: string[];
  body: Omit<ReplayableBody, 'sent'>;
  /** The rate-limit category the route counts its requests in; null when nothing is counted. */
  category: RateCategory | null;
}

/** Node's `getRawHeaderNames` (since 15.13), which @types/node does not declare on ServerResponse. */
interface RawHeaderNames {
  getRawHeaderNames(): string[];
}

interface Entry extends Replay {
  at: number;
}

/** A sender of a public answer says it may be replayed (it is the same for every anonymous caller). */
export function markReplayable(koa: Koa.Context, body: ReplayableBody): void {
  koa.state.replayable = body;
}

export class AnswerReplays {
  private readonly entries = new ByteBoundedMap<Entry>(MAX_REPLAY_BYTES);
  /** Requests answered by a replay (tests, stats). */
  hits = 0;

  constructor(
    readonly keepMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The replay key of a GET with only replayable headers, else null. */
  static keyOf(method: string, url: string, headers: IncomingHttpHeaders): string | null {
    if (method !== 'GET') return null;
    for (const name in headers) if (!REPLAYABLE_REQUEST_HEADERS.has(name)) return null;
    return `${url}\n${headers.host ?? ''}\n${headers.accept ?? ''}\n${headers['accept-encoding'] ?? ''}\n${
      headers['accept-language'] ?? ''
    }\n${headers.origin ?? ''}`;
  }

  get enabled(): boolean {
    return this.keepMs > 0;
  }

  /** The replay recorded under `key` while it is fresh. */
  get(key: string): Replay | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at < this.keepMs) return entry;
    this.entries.delete(key);
    return undefined;
  }

  /**
   * Records the answer the routes just gave to the request of `key`, if it may be replayed: a 200
   * carrying the body its sender marked (compressed by br or gzip at most), public, no cookie.
   */
  record(key: string, koa: Koa.Context, category: RateCategory | null): void {
    const marked = koa.state.replayable as ReplayableBody | undefined;
    const sent: unknown = koa.res.getHeader('content-encoding') ? koa.state.uncompressedBody : koa.body;
    if (!this.enabled || !marked || koa.status !== 200 || sent !== marked.sent) return;
    const headers: string[] = [];
    let isPublic = false;
    let encoding: ContentEncoding | null = null;
    // Each name as the routes spelled it (getRawHeaderNames), so a replay is the same bytes.
    for (const spelled of (koa.res as unknown as RawHeaderNames).getRawHeaderNames()) {
      const name = spelled.toLowerCase();
      const value = koa.res.getHeader(name);
      if (name === 'set-cookie') return;
      if (name === 'content-encoding') {
        if (value !== 'br' && value !== 'gzip') return;
        encoding = value;
      }
      if (name === 'cache-control') isPublic = String(value).startsWith('public');
      if (OWN_RESPONSE_HEADERS.has(name) || value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [String(value)]) headers.push(spelled, one);
    }
    if (!isPublic) return;
    // A compressed answer also keeps its compressed bytes (made at its first replay): counted at most as many.
    const size = Buffer.byteLength(marked.bytes) * (encoding ? 2 : 1) + key.length;
    const { timestamped } = marked;
    // Sent again as they are: encoded to UTF-8 once here, not by every replay's write.
    const bytes = timestamped || typeof marked.bytes !== 'string' ? marked.bytes : Buffer.from(marked.bytes);
    this.entries.set(
      key,
      { status: 200, encoding, headers, body: { bytes, timestamped }, category, at: this.now() },
      size,
    );
  }

  /** A write went through this process: no answer recorded before it is replayed. */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
