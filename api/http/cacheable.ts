/**
 * Public, cacheable answers (geography: 24 hours) with an ETag and 304 on If-None-Match. An answer
 * can be prepared once (its JSON and ETag) and sent many times: the reference cache keeps them so.
 */
import type Koa from 'koa';
import etag from 'etag';
import { Raw } from './route.ts';
import { clientHasCurrent } from './cacheable-answer.ts';
import { markReplayable } from './answer-replays.ts';

export const ONE_DAY_SECONDS = 86400;

/** An answer's body, serialized, and its ETag: ready to send. */
export interface PreparedAnswer {
  json: string;
  etag: string;
}

export function prepareAnswer(body: unknown): PreparedAnswer {
  const json = JSON.stringify(body);
  return { json, etag: etag(json) };
}

export function sendPrepared(koa: Koa.Context, answer: PreparedAnswer, maxAgeSeconds = ONE_DAY_SECONDS): Raw {
  koa.set('Cache-Control', `public, max-age=${maxAgeSeconds}`);
  koa.set('ETag', answer.etag);
  koa.type = 'application/json; charset=utf-8';
  if (clientHasCurrent(koa, answer.etag)) {
    koa.status = 304;
    return Raw.instance;
  }
  koa.status = 200;
  koa.body = answer.json;
  markReplayable(koa, { sent: answer.json, bytes: answer.json, timestamped: false });
  return Raw.instance;
}

export function cacheable(koa: Koa.Context, body: unknown, maxAgeSeconds = ONE_DAY_SECONDS): Raw {
  return sendPrepared(koa, prepareAnswer(body), maxAgeSeconds);
}
