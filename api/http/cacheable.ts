/** Public, cacheable answers (geography: 24 hours) with an ETag and 304 on If-None-Match. */
import type Koa from 'koa';
import etag from 'etag';
import { Raw } from './route.ts';

export const ONE_DAY_SECONDS = 86400;

export function cacheable(koa: Koa.Context, body: unknown, maxAgeSeconds = ONE_DAY_SECONDS): Raw {
  const json = JSON.stringify(body);
  const tag = etag(json);
  koa.set('Cache-Control', `public, max-age=${maxAgeSeconds}`);
  koa.set('ETag', tag);
  koa.type = 'application/json; charset=utf-8';
  if (koa.fresh || koa.get('If-None-Match') === tag) {
    koa.status = 304;
    return Raw.instance;
  }
  koa.status = 200;
  koa.body = json;
  return Raw.instance;
}
