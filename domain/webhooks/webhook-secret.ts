/**
 * Webhook subscription secrets and delivery signatures.
 * The HMAC key is the whole secret string as UTF-8 bytes, `whsec_` prefix included, so receivers
 * can use the string they were given as it is.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** Hex HMAC-SHA256 over `<t>.<raw_body>`. */
export function signPayload(secret: string, unixSeconds: number, rawBody: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${unixSeconds}.${rawBody}`, 'utf8')
    .digest('hex');
}

/** The X-Service-Signature header: `t=<unix_seconds>,v1=<hex>`. */
export function signatureHeader(secret: string, unixSeconds: number, rawBody: string): string {
  return `t=${unixSeconds},v1=${signPayload(secret, unixSeconds, rawBody)}`;
}
