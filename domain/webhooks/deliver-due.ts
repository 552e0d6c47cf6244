/**
 * Sends the webhook deliveries that are due.
 *
 * 1. Claim (claim-due-deliveries.ts): due PENDING deliveries no worker holds, leased with
 *    `locked_until`, so two workers never send the same delivery.
 * 2. Send each (a few at once): JSON body {id, type, createdAt, data, deliveryAttempt}, signed
 *    `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, 10 s time-out, redirects not followed.
 *    The target is checked again (DNS may have changed) and the checked address is the one used.
 * 3. Record: every attempt in webhook_delivery_attempts; 2xx -> SUCCEEDED; 4xx (and 3xx, and a
 *    refused target) -> FAILED for good; 5xx, time-out, network error -> retried on the schedule
 *    of retry-schedule.ts, and after the 10th failure DEAD with an email to the owner.
 *
 * Every time comes from ctx.clock (tests move a ManualClock through the schedule).
 *
 * `deliverDue` claims a batch and waits for all of it (the `webhooks:deliver` job, tests); the
 * worker's pump (jobs/outbox/webhook-pump.ts) claims and sends continuously instead, one
 * `deliverOne` per delivery, so a slow attempt holds nothing but its own slot.
 */
import { performance } from 'node:perf_hooks';
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { enqueueEmail, webhookDeadLetterEmail, webhookDisabledEmail } from '../mail/index.ts';
import { toLangue } from '../accounts/index.ts';
import { Account, type Langue } from '../../models/account.ts';
import { HttpTimeoutError, postJson, type PostFunction, type PostOptions } from '../../lib/http-client.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';
import {
  parseWebhookUrl,
  pinnedLookup,
  resolvePublicAddresses,
  UnsafeTargetError,
} from './target-address.ts';
import { retryDelayAfter } from './retry-schedule.ts';
import { signatureHeader } from './webhook-secret.ts';
import { signingSecrets, standardWebhookHeaders } from './standard-webhooks.ts';
import { retryAfterMs } from './retry-after.ts';
import { failingSince } from './failing-since.ts';
import { claimDueDeliveries, leaseUntil } from './claim-due-deliveries.ts';
import type { SuccessfulAttempt } from './record-successes.ts';
import { WebhookDelivery, type DeliveryStatus } from '../../models/webhook-delivery.ts';
import { WebhookDeliveryAttempt } from '../../models/webhook-delivery-attempt.ts';
import { WebhookSubscription } from '../../models/webhook-subscription.ts';
import { OAuthApp } from '../../models/oauth-app.ts';
import { statusAfterAttempt } from './delivery-statuses.ts';

export const DELIVERY_TIMEOUT_MS = 10_000;
export const USER_AGENT = 'Recrutement-Webhooks/1.0';

export interface DeliverOptions {
  /** The time of this run; defaults to ctx.clock.now(). */
  now?: Date;
  /** At most this many deliveries claimed in this run. */
  limit?: number;
  /** Per-attempt time-out (10 s by default). */
  timeoutMs?: number;
  /** How many sends run at once. */
  concurrency?: number;
  /** The HTTP POST (lib/http-client.ts by default). */
  post?: PostFunction;
}

export interface DeliverResult {
  claimed: number;
  succeeded: number;
  failed: number;
  retried: number;
  dead: number;
}

export interface DeliveryToSend {
  id: number;
  attempts: number;
  subscriptionId: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  secretRotatedAt: Date | null;
  scope: 'recruiter' | 'admin';
  entrepriseId: number | null;
  ownerAccountId: number;
  appId: number | null;
  eventPublicId: string;
  eventType: string;
  eventCreatedAt: Date;
  eventData: unknown;
}

type Outcome =
  | { kind: 'success'; statusCode: number }
  | { kind: 'final'; statusCode: number | null; error: string; gone?: boolean }
  | { kind: 'retry'; statusCode: number | null; error: string; notBeforeMs?: number };

export async function deliverDue(ctx: Ctx, opts: DeliverOptions = {}): Promise<DeliverResult> {
  const now = opts.now ?? ctx.clock.now();
  const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const lockedUntil = leaseUntil(now, timeoutMs);
  const ids = await claimDueDeliveries(ctx, { now, lockedUntil, limit: opts.limit ?? 50 });
  const result: DeliverResult = { claimed: ids.length, succeeded: 0, failed: 0, retried: 0, dead: 0 };
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const status = await deliverOne(ctx, id, lockedUntil, {
        fixedNow: opts.now,
        timeoutMs,
        post: opts.post ?? postJson,
      });
      if (status === 'SUCCEEDED') result.succeeded += 1;
      else if (status === 'FAILED') result.failed += 1;
      else if (status === 'DEAD') result.dead += 1;
      else if (status === 'PENDING') result.retried += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 10, ids.length) }, worker));
  return result;
}

const DELIVERY_COLUMNS = [
  'webhookDeliveries.id',
  'webhookDeliveries.attempts',
  'webhookDeliveries.subscriptionId',
  'webhookSubscriptions.url',
  'webhookSubscriptions.secret',
  'webhookSubscriptions.previousSecret',
  'webhookSubscriptions.secretRotatedAt',
  'webhookSubscriptions.scope',
  'webhookSubscriptions.entrepriseId',
  'webhookSubscriptions.ownerAccountId',
  'webhookSubscriptions.appId',
  'domainEvents.publicId as eventPublicId',
  'domainEvents.type as eventType',
  'domainEvents.createdAt as eventCreatedAt',
  'domainEvents.data as eventData',
];

const deliveriesToSend = (ctx: Ctx) =>
  WebhookDelivery.query(ctx.db)
    .join('webhookSubscriptions', 'webhookSubscriptions.id', 'webhookDeliveries.subscriptionId')
    .join('domainEvents', 'domainEvents.id', 'webhookDeliveries.eventId')
    .select(...DELIVERY_COLUMNS);

async function loadDelivery(ctx: Ctx, id: number): Promise<DeliveryToSend | undefined> {
  return deliveriesToSend(ctx).findById(id).castTo<DeliveryToSend | undefined>();
}

/** What deliverOne needs to send each of these deliveries, in one query (the pump loads a claimed batch at once). */
export async function loadDeliveries(ctx: Ctx, ids: number[]): Promise<DeliveryToSend[]> {
  if (!ids.length) return [];
  return deliveriesToSend(ctx).findByIds(ids).castTo<DeliveryToSend[]>();
}

/** Sends one claimed delivery and records the attempt (jobs/outbox/webhook-pump.ts calls it per delivery). */
export async function deliverOne(
  ctx: Ctx,
  id: number,
  lockedUntil: Date,
  run: {
    fixedNow?: Date;
    timeoutMs: number;
    post: PostFunction;
    /** The delivery as loadDeliveries read it, else it is read here. */
    loaded?: DeliveryToSend;
    /** Records a 2xx instead of record() (the pump writes its successes in batches). */
    recordSuccess?: (success: SuccessfulAttempt) => Promise<void>;
  },
): Promise<DeliveryStatus | 'SUPERSEDED' | 'GONE'> {
  const d = run.loaded ?? (await loadDelivery(ctx, id));
  if (!d) return 'GONE';
  const attempt = d.attempts + 1;
  const sentAt = run.fixedNow ?? ctx.clock.now();
  const rawBody = JSON.stringify({
    id: d.eventPublicId,
    type: d.eventType,
    createdAt: new Date(d.eventCreatedAt).toISOString(),
    data: parseJsonColumn<Record<string, unknown>>(d.eventData) ?? {},
    deliveryAttempt: attempt,
  });
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': USER_AGENT,
    'X-Service-Event': d.eventType,
    'X-Service-Delivery': String(d.id),
    'X-Service-Signature': signatureHeader(d.secret, Math.floor(sentAt.getTime() / 1000), rawBody),
    ...standardWebhookHeaders(
      signingSecrets(d, sentAt),
      d.eventPublicId,
      Math.floor(sentAt.getTime() / 1000),
      rawBody,
    ),
  };
  const started = performance.now();
  const outcome = await send(ctx, d.url, rawBody, { headers, timeoutMs: run.timeoutMs }, run.post);
  const durationMs = Math.max(0, Math.round(performance.now() - started));
  if (outcome.kind === 'success' && run.recordSuccess) {
    await run.recordSuccess({
      deliveryId: d.id,
      subscriptionId: d.subscriptionId,
      eventPublicId: d.eventPublicId,
      attempt,
      statusCode: outcome.statusCode,
      durationMs,
      lockedUntil,
      sentAt,
    });
    return 'SUCCEEDED';
  }
  return record(ctx, d, attempt, outcome, durationMs, lockedUntil, sentAt);
}

async function send(
  ctx: Ctx,
  rawUrl: string,
  body: string,
  opts: PostOptions,
  post: PostFunction,
): Promise<Outcome> {
  const url = parseWebhookUrl(rawUrl);
  if (typeof url === 'string') return { kind: 'final', statusCode: null, error: url };
  let lookup: PostOptions['lookup'];
  if (!ctx.config.webhooksAllowPrivate) {
    try {
      lookup = pinnedLookup(await resolvePublicAddresses(url));
    } catch (err) {
      if (err instanceof UnsafeTargetError)
        return { kind: 'final', statusCode: null, error: `target refused: ${err.message}` };
      throw err;
    }
  }
  try {
    const { status, retryAfter } = await post(rawUrl, body, { ...opts, ...(lookup ? { lookup } : {}) });
    if (status >= 200 && status < 300) return { kind: 'success', statusCode: status };
    // Receiver signals: 410 means the endpoint is gone for good; 429 and 503 may say when to come back.
    if (status === 410)
      return { kind: 'final', statusCode: status, error: 'HTTP 410: the receiver is gone', gone: true };
    const wait = status === 429 || status === 503 ? retryAfterMs(retryAfter, ctx.clock.now()) : null;
    if (wait !== null)
      return { kind: 'retry', statusCode: status, error: `HTTP ${status}`, notBeforeMs: wait };
    if (status >= 500) return { kind: 'retry', statusCode: status, error: `HTTP ${status}` };
    if (status >= 300 && status < 400)
      return { kind: 'final', statusCode: status, error: `HTTP ${status}: redirects are not followed` };
    return { kind: 'final', statusCode: status, error: `HTTP ${status}` };
  } catch (err) {
    if (err instanceof HttpTimeoutError) return { kind: 'retry', statusCode: null, error: err.message };
    const e = err as NodeJS.ErrnoException;
    return {
      kind: 'retry',
      statusCode: null,
      error: (e.code && !e.message.includes(e.code) ? `${e.code}: ` : '') + (e.message || 'network error'),
    };
  }
}

async function record(
  ctx: Ctx,
  d: DeliveryToSend,
  attempt: number,
  outcome: Outcome,
  durationMs: number,
  lockedUntil: Date,
  sentAt: Date,
): Promise<DeliveryStatus | 'SUPERSEDED'> {
  const error = outcome.kind === 'success' ? null : outcome.error;
  const scheduled = outcome.kind === 'retry' ? retryDelayAfter(attempt) : null;
  const delay =
    scheduled !== null && outcome.kind === 'retry' && outcome.notBeforeMs !== undefined
      ? Math.max(scheduled, outcome.notBeforeMs)
      : scheduled;
  const status = statusAfterAttempt(outcome.kind, delay);
  return inTransaction(ctx, async (t) => {
    await WebhookDeliveryAttempt.query(t.db).insert({
      deliveryId: d.id,
      attempt,
      statusCode: outcome.statusCode,
      error,
      durationMs,
      createdAt: sentAt,
    });
    // Only while our claim still holds: a replay (or an expired lock taken over) starts a new series.
    const updated = await WebhookDelivery.query(t.db)
      .where({ id: d.id, lockedUntil, status: 'PENDING' })
      .patch({
        status,
        attempts: attempt,
        lastStatusCode: outcome.statusCode,
        lastError: error,
        nextAttemptAt: delay === null ? null : new Date(sentAt.getTime() + delay),
        deliveredAt: status === 'SUCCEEDED' ? t.clock.now() : null,
        lockedUntil: null,
      });
    const log = {
      deliveryId: d.id,
      subscriptionId: d.subscriptionId,
      eventId: d.eventPublicId,
      attempt,
      statusCode: outcome.statusCode,
      durationMs,
    };
    if (!updated) {
      t.logger.info(log, 'webhook attempt recorded; the delivery was replayed meanwhile');
      return 'SUPERSEDED';
    }
    if (status === 'SUCCEEDED') t.logger.info(log, 'webhook delivered');
    else if (status === 'PENDING') t.logger.info({ ...log, error }, 'webhook attempt failed, will retry');
    else t.logger.warn({ ...log, error, status }, 'webhook delivery failed for good');
    if (outcome.kind === 'final' && outcome.gone) await disableSubscription(t, d, 'GONE');
    else if (status !== 'SUCCEEDED' && (await failingForDays(t, d.subscriptionId, sentAt)))
      await disableSubscription(t, d, 'FAILING');
    if (status === 'DEAD') {
      const owner = await ownerOf(t, d);
      if (owner) {
        await enqueueEmail(
          t,
          webhookDeadLetterEmail(t, {
            to: owner.email,
            langue: owner.langue,
            url: d.url,
            subscriptionId: d.subscriptionId,
            deliveryId: d.id,
            eventId: d.eventPublicId,
            eventType: d.eventType,
            attempts: attempt,
            lastError: error,
          }),
        );
      }
    }
    return status;
  });
}

export const FAILING_DISABLE_MS = 5 * 24 * 3600_000;

/** True when every attempt to this subscription has failed for FAILING_DISABLE_MS (see failing-since.ts). */
async function failingForDays(ctx: Ctx, subscriptionId: number, now: Date): Promise<boolean> {
  const since = (await failingSince(ctx, [subscriptionId])).get(subscriptionId);
  return since !== undefined && since.getTime() <= now.getTime() - FAILING_DISABLE_MS;
}

/** Switches the subscription off for a receiver signal, once, and emails its owner. */
async function disableSubscription(ctx: Ctx, d: DeliveryToSend, reason: 'GONE' | 'FAILING'): Promise<void> {
  const changed = await WebhookSubscription.query(ctx.db)
    .where({ id: d.subscriptionId, active: true })
    .patch({ active: false, disabledReason: reason, updatedAt: ctx.clock.now() });
  if (!changed) return;
  ctx.logger.warn({ subscriptionId: d.subscriptionId, reason }, 'webhook subscription disabled');
  const owner = await ownerOf(ctx, d);
  if (owner)
    await enqueueEmail(
      ctx,
      webhookDisabledEmail(ctx, {
        to: owner.email,
        langue: owner.langue,
        url: d.url,
        subscriptionId: d.subscriptionId,
        reason,
      }),
    );
}

/**
 * A company's subscriptions alert its current OWNER (who manages them); an app's, the OWNER of the
 * company that registered the app (the integrator, who runs the receiver); an admin's, that admin;
 * in that account's language.
 */
async function ownerOf(ctx: Ctx, d: DeliveryToSend): Promise<{ email: string; langue: Langue } | null> {
  const app = d.appId === null ? undefined : await OAuthApp.query(ctx.db).findById(d.appId);
  const entrepriseId = app ? app.entrepriseId : d.entrepriseId;
  if (d.scope === 'recruiter' && entrepriseId !== null) {
    const owner = await Account.query(ctx.db)
      .join('recruiters', 'recruiters.id', 'accounts.id')
      .where({ 'recruiters.entrepriseId': entrepriseId, 'recruiters.companyRole': 'OWNER' })
      .select('accounts.email', 'accounts.langue')
      .limit(1)
      .first();
    if (owner) return { email: owner.email, langue: toLangue(owner.langue) };
  }
  const account = await Account.query(ctx.db).findById(d.ownerAccountId).select('email', 'langue');
  return account ? { email: account.email, langue: toLangue(account.langue) } : null;
}
