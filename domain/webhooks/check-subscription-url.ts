/** A subscription's URL, checked when it is written (400 when refused); see target-address.ts. */
import type { Ctx } from '../context.ts';
import { inputError } from '../errors.ts';
import { parseWebhookUrl, resolvePublicAddresses, UnsafeTargetError } from './target-address.ts';

export async function checkSubscriptionUrl(ctx: Ctx, raw: string): Promise<string> {
  const url = parseWebhookUrl(raw);
  if (typeof url === 'string')
    throw inputError('Invalid webhook URL', 'body.url', 'format', { format: 'uri' });
  if (ctx.config.webhooksAllowPrivate) return raw;
  try {
    await resolvePublicAddresses(url);
  } catch (err) {
    if (err instanceof UnsafeTargetError)
      throw inputError('Webhook URL refused', 'body.url', 'refusedUrl', undefined, err.wording);
    throw err;
  }
  return raw;
}
