/** What a transport calls when the SMSC or gateway sends something: stored through the use cases. */
import type { Ctx } from '../context.ts';
import type { InboundHandlers } from './sms-transport.ts';
import { recordDeliveryReceipt } from './record-delivery-receipt.ts';
import { handleIncomingSms } from './handle-incoming-sms.ts';

export function inboundHandlers(ctx: Ctx): InboundHandlers {
  return {
    async deliveryReceipt(receipt) {
      await recordDeliveryReceipt(ctx, receipt);
    },
    async incoming(from, text) {
      await handleIncomingSms(ctx, from, text);
    },
  };
}
