/**
 * A public answer that shared caches may keep for 5 minutes, with conditional GETs: an ETag of the
 * body and a Last-Modified; a matching If-None-Match (or, without it, an If-Modified-Since not
 * older than the content) gets 304 with no body.
 */
import type Koa from 'koa';
import etag from 'etag';

export function sendCacheable(koa: Koa.Context, body: string, type: string, lastModified: Date): void {
  const tag = etag(body);
  const modified = new Date(Math.floor(lastModified.getTime() / 1000) * 1000);
  koa.set('ETag', tag);
  koa.set('Last-Modified', modified.toUTCString());
  koa.set('Cache-Control', 'public, max-age=300');
  const ifNoneMatch = koa.get('If-None-Match');
  const ifModifiedSince = Date.parse(koa.get('If-Modified-Since'));
  const fresh = ifNoneMatch
    ? ifNoneMatch.split(',').some((t) => t.trim() === tag || t.trim() === '*')
    : !Number.isNaN(ifModifiedSince) && modified.getTime() <= ifModifiedSince;
  if (fresh) {
    koa.status = 304;
    koa.body = null;
    return;
  }
  koa.status = 200;
  koa.type = type;
  koa.body = body;
}
