/**
 * Reference answers (geography, sectors, levels, blog categories) served from the process's
 * reference cache: each kept serialized with its ETag, so a hit is sent without touching the
 * database or serializing anything. Errors (an unknown region: 404) are never kept.
 */
import type Koa from 'koa';
import { cachesOf, type AppDeps } from '../deps.ts';
import type { ReferenceKind } from '../../domain/reference/reference-versions.ts';
import { prepareAnswer, sendPrepared, type PreparedAnswer } from './cacheable.ts';
import { Raw } from './route.ts';
import { sendStableAnswer, stableAnswer } from './cacheable-answer.ts';
import { languageOf } from '../i18n/language.ts';
import { successMessage } from '../i18n/success-messages.ts';

export function referenceAnswer(
  deps: AppDeps,
  kind: ReferenceKind,
  key: string,
  load: () => Promise<unknown>,
): Promise<PreparedAnswer> {
  return cachesOf(deps).reference.get(kind, key, async () => prepareAnswer(await load()));
}

/** A bare reference answer: cacheable for 24 hours, 304 on a matching If-None-Match. */
export async function sendReference(
  koa: Koa.Context,
  deps: AppDeps,
  kind: ReferenceKind,
  key: string,
  load: () => Promise<unknown>,
): Promise<Raw> {
  return sendPrepared(koa, await referenceAnswer(deps, kind, key, load));
}

/**
 * A public reference answer in the success envelope, as every public JSON GET is answered (weak
 * ETag of the envelope without its timestamp, 304 on If-None-Match): the envelope is kept
 * serialized per language and only this request's timestamp is appended.
 */
export async function sendReferenceEnvelope(
  koa: Koa.Context,
  deps: AppDeps,
  reference: { kind: ReferenceKind; key: string; maxAge: number },
  load: () => Promise<unknown>,
): Promise<Raw> {
  const lang = languageOf(koa);
  const answer = await cachesOf(deps).reference.get(reference.kind, `${reference.key}#${lang}`, async () =>
    stableAnswer({ success: true, message: successMessage('OK', lang), data: await load(), error: null }),
  );
  sendStableAnswer(koa, answer, `public, max-age=${reference.maxAge}`, deps.clock.now().toISOString());
  return Raw.instance;
}
