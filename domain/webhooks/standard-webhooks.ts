/**
 * The Standard Webhooks headers every delivery carries next to X-Service-*: `webhook-id` (the
 * event id, stable across attempts), `webhook-timestamp` (Unix seconds of this attempt) and
 * `webhook-signature`: `v1,` + base64 of HMAC-SHA256 over "{id}.{timestamp}.{body}", keyed with
 * the base64-decoded part of the secret after `whsec_`. Several signatures are space-separated
 * (during a rotation: the new secret's, then the previous one's), so receivers verify with the
 * Standard Webhooks libraries as they are.
 */
import { createHmac } from 'node:crypto';
import { SECRET_PREFIX } from './webhook-secret.ts';

export const ROTATION_OVERLAP_MS = 24 * 3600_000;

function keyOf(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
}

export function standardSignature(secret: string, msgId: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret))
    .update(`${msgId}.${unixSeconds}.${body}`, 'utf8')
    .digest('base64');
  return `v1,${mac}`;
}

export function standardWebhookHeaders(
  secrets: string[],
  msgId: string,
  unixSeconds: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(unixSeconds),
    'webhook-signature': secrets.map((s) => standardSignature(s, msgId, unixSeconds, body)).join(' '),
  };
}

/** The secrets a delivery sent at `now` is signed with: the current one, and the previous one within a day of a rotation. */
export function signingSecrets(
  sub: { secret: string; previousSecret: string | null; secretRotatedAt: Date | null },
  now: Date,
): string[] {
  const rotated = sub.secretRotatedAt ? new Date(sub.secretRotatedAt).getTime() : null;
  return sub.previousSecret && rotated !== null && now.getTime() - rotated < ROTATION_OVERLAP_MS
    ? [sub.secret, sub.previousSecret]
    : [sub.secret];
}
