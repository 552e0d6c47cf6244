/**
 * Conditional GETs. An answer carries an ETag (and, for feeds, a Last-Modified); a client that
 * sends back a matching If-None-Match (or, without it, an If-Modified-Since not older than the
 * content) gets 304 with no body, so a phone refreshing a page it already holds pays a few
 * hundred bytes of headers instead of the page.
 */
import type Koa from 'koa';
import etag from 'etag';
import { jsonAnswer } from '../../lib/json-bytes.ts';
import { markReplayable } from './answer-replays.ts';

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/**
 * Whether the client already holds this answer. If-None-Match is compared weakly (a `W/` prefix
 * does not matter), as HTTP asks for it: a proxy that compresses an answer may weaken its tag.
 */
export function clientHasCurrent(koa: Koa.Context, tag: string, lastModified?: Date): boolean {
  const ifNoneMatch = koa.get('If-None-Match');
  if (ifNoneMatch)
    return ifNoneMatch.split(',').some((t) => t.trim() === '*' || opaque(t.trim()) === opaque(tag));
  if (!lastModified) return false;
  const ifModifiedSince = Date.parse(koa.get('If-Modified-Since'));
  return !Number.isNaN(ifModifiedSince) && lastModified.getTime() <= ifModifiedSince;
}

/**
 * A public document (feeds, sitemaps) that shared caches may keep for 5 minutes. With `language`,
 * the document is that language's version: it says so in Content-Language, and its tag is that
 * language's own, even where the two versions happen to hold the same bytes.
 */
export function sendCacheable(
  koa: Koa.Context,
  body: string,
  type: string,
  lastModified: Date | undefined,
  language?: string,
): void {
  const tag = language === undefined ? etag(body) : etag(`${language}\n${body}`);
  // Without a last change (a feed or sitemap of a site with no offer yet), the ETag alone serves.
  const modified = lastModified && new Date(Math.floor(lastModified.getTime() / 1000) * 1000);
  if (language !== undefined) koa.set('Content-Language', language);
  koa.set('ETag', tag);
  if (modified) koa.set('Last-Modified', modified.toUTCString());
  koa.set('Cache-Control', 'public, max-age=300');
  if (clientHasCurrent(koa, tag, modified)) {
    koa.status = 304;
    koa.body = null;
    return;
  }
  koa.status = 200;
  koa.type = type;
  koa.body = body;
}

/**
 * A JSON answer serialized once, as UTF-8 bytes, with its weak ETag: it can be kept and sent many
 * times. Bytes, because a string body is measured (Content-Length), hashed (ETag) and encoded
 * (socket write) each on its own: on a 37 KB search page those three passes cost a tenth of the
 * request's CPU, and a kept reference answer paid the two last ones at every request.
 */
export interface StableAnswer {
  stable: Buffer;
  tag: string;
}

/** The tag `etag` gives bytes (their length and SHA-1), from lib/json-bytes's digest, which spares hashing kept views again. */
export function stableAnswer(payload: object): StableAnswer {
  const { bytes, digest } = jsonAnswer(payload);
  return { stable: bytes, tag: `W/"${bytes.length.toString(16)}-${digest}"` };
}

/** The answer with `"timestamp"` as its last property (a JSON object's bytes end with `}`). */
export function withTimestamp(stable: Buffer, timestamp: string): Buffer {
  const tail = Buffer.from(`${stable.length === 2 ? '' : ','}"timestamp":${JSON.stringify(timestamp)}}`);
  return Buffer.concat([stable.subarray(0, stable.length - 1), tail]);
}

/**
 * A JSON answer of a route, serialized once, with a weak ETag of what it says and the given
 * Cache-Control. The envelope's `timestamp` (when given) is appended after the tag is taken: two
 * answers that differ only by the moment they were made are the same answer. Weak, because the
 * bytes on the wire change with the compression while the meaning does not.
 */
export function sendStableAnswer(
  koa: Koa.Context,
  { stable, tag }: StableAnswer,
  cacheControl: string,
  timestamp?: string,
): void {
  koa.set('ETag', tag);
  koa.set('Cache-Control', cacheControl);
  if (clientHasCurrent(koa, tag)) {
    koa.status = 304;
    koa.body = null;
    return;
  }
  koa.status = 200;
  koa.type = 'application/json; charset=utf-8';
  const body = timestamp === undefined ? stable : withTimestamp(stable, timestamp);
  koa.body = body;
  markReplayable(koa, { sent: body, bytes: stable, timestamped: timestamp !== undefined });
}
