/**
 * What an HTTP gateway calls back (Kannel's dlr-url and sms-service get-url, or an aggregator's
 * equivalent): a delivery receipt for one of our messages, or a message a phone sent. The
 * callbacks carry SMS_CALLBACK_KEY, the secret the operator gave the gateway: without it (unset,
 * or wrong) they are refused, so nobody can mark messages delivered or STOP someone's SMS.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { bilingual, ForbiddenError } from '../errors.ts';
import type { DeliveryState } from './sms-transport.ts';
import { gatewayProviderId, recordDeliveryReceipt } from './record-delivery-receipt.ts';
import { handleIncomingSms, type IncomingOutcome } from './handle-incoming-sms.ts';

function checkKey(ctx: Ctx, key: string): void {
  const expected = ctx.config.smsCallbackKey;
  const ok =
    expected !== null &&
    key.length === expected.length &&
    timingSafeEqual(Buffer.from(key), Buffer.from(expected));
  if (!ok)
    throw new ForbiddenError(
      bilingual(
        'Clé de passerelle invalide : ce n’est pas la SMS_CALLBACK_KEY de cette plateforme',
        'Invalid gateway key: not this platform’s SMS_CALLBACK_KEY',
      ),
      'FORBIDDEN',
      'key',
    );
}

/** Kannel's receipt types (the %d of dlr-url: 1 delivered, 2 failed, 4 buffered, 8 SMSC accepted, 16 SMSC rejected). */
export function kannelReceiptState(type: number): { state: DeliveryState; detail: string } {
  if (type & 1) return { state: 'DELIVERED', detail: 'DELIVRD' };
  if (type & 2) return { state: 'UNDELIVERED', detail: 'UNDELIV' };
  if (type & 16) return { state: 'UNDELIVERED', detail: 'REJECTD' };
  if (type & 4) return { state: 'BUFFERED', detail: 'BUFFERED' };
  return { state: 'ACCEPTED', detail: 'ACCEPTD' };
}

export async function receiveGatewayReceipt(
  ctx: Ctx,
  input: { key: string; id: number; type: number },
): Promise<{ recorded: boolean }> {
  checkKey(ctx, input.key);
  const { state, detail } = kannelReceiptState(input.type);
  const recorded = await recordDeliveryReceipt(ctx, {
    providerId: gatewayProviderId(input.id),
    state,
    detail,
  });
  return { recorded };
}

export async function receiveGatewayIncoming(
  ctx: Ctx,
  input: { key: string; from: string; text: string },
): Promise<IncomingOutcome> {
  checkKey(ctx, input.key);
  return handleIncomingSms(ctx, input.from.trim(), input.text);
}
