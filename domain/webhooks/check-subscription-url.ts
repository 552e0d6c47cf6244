/** A subscription's URL, checked when it is written (400 when refused); see target-address.ts. */
import type { Ctx } from '../context.ts';
import { ValidationError } from '../errors.ts';
import { parseWebhookUrl, resolvePublicAddresses, UnsafeTargetError } from './target-address.ts';

export async function checkSubscriptionUrl(ctx: Ctx, raw: string): Promise<string> {
  const url = parseWebhookUrl(raw);
  if (typeof url === 'string') throw new ValidationError('Invalid webhook URL', `body.url: ${url}`);
  if (ctx.config.webhooksAllowPrivate) return raw;
  try {
    await resolvePublicAddresses(url);
  } catch (err) {
    if (err instanceof UnsafeTargetError)
      throw new ValidationError('Webhook URL refused', `body.url: ${err.message}`);
    throw err;
  }
  return raw;
}
