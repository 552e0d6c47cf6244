/**
 * A delivery receipt (DLR) from the SMSC or the gateway: the message becomes DELIVERED or
 * UNDELIVERED, with the network's own word (DELIVRD, EXPIRED, REJECTD...) and the time, which the
 * operator sees in `recrutement sms list`. Intermediate receipts (accepted, buffered) only note
 * the word. A receipt for an id we never sent is logged and dropped (another system's traffic on
 * a shared account); a second receipt for the same message changes nothing more.
 */
import type { Ctx } from '../context.ts';
import { SmsMessage } from '../../models/sms-message.ts';
import type { DeliveryReceipt } from './sms-transport.ts';

/** HTTP gateways echo our own id in the receipt callback: `sms-<id>`. */
export function gatewayProviderId(smsId: number): string {
  return `sms-${smsId}`;
}

export async function recordDeliveryReceipt(ctx: Ctx, receipt: DeliveryReceipt): Promise<boolean> {
  const gateway = /^sms-(\d+)$/.exec(receipt.providerId);
  const q = SmsMessage.query(ctx.db);
  if (gateway) q.findById(Number(gateway[1]));
  else q.where({ providerId: receipt.providerId });
  const final = receipt.state === 'DELIVERED' || receipt.state === 'UNDELIVERED';
  const patched = await q.whereIn('status', final ? ['SENT'] : ['SENT', 'PENDING']).patch({
    ...(final ? { status: receipt.state as 'DELIVERED' | 'UNDELIVERED' } : {}),
    dlrStatus: receipt.detail.slice(0, 20),
    dlrAt: ctx.clock.now(),
  });
  if (!patched)
    ctx.logger.info(
      { providerId: receipt.providerId, state: receipt.state },
      'sms receipt for no waiting message',
    );
  return patched > 0;
}
