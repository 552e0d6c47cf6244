/**
 * What the SMS area needs from the part that talks to an SMSC or a gateway (engines/sms/): send a
 * message and say what the network answered, and pass back what arrives on its own (delivery
 * receipts, messages phones sent). The edge (worker, API, CLI) builds the engine and passes it in.
 */

export interface OutgoingSms {
  /** The outbox row's id: an HTTP gateway's delivery receipts name it back. */
  id: number;
  from: string;
  /** E.164, with its '+'. */
  to: string;
  /** GSM 03.38 text (domain/sms/gsm7.ts). */
  text: string;
}

export interface SmsSendResult {
  /** The SMSC's id of each part (its delivery receipts name these). */
  providerIds: string[];
}

/** The SMSC is busy (ESME_RTHROTTLED, HTTP 429/503): send again soon, it is not the message's fault. */
export class SmsThrottledError extends Error {}

/** The network refused this message for good (unknown number, bad content): no retry helps. */
export class SmsRejectedError extends Error {}

export type DeliveryState = 'DELIVERED' | 'UNDELIVERED' | 'ACCEPTED' | 'BUFFERED';

export interface DeliveryReceipt {
  /** The SMSC's id (SMPP), or `sms-<outbox id>` (HTTP gateways that echo our id). */
  providerId: string;
  state: DeliveryState;
  /** The SMSC's own word (DELIVRD, UNDELIV, EXPIRED, ...), kept for the operator. */
  detail: string;
}

export interface InboundHandlers {
  /** Must have stored the receipt when it resolves: the SMSC is told only then. */
  deliveryReceipt(receipt: DeliveryReceipt): Promise<void>;
  /** A message a phone sent (STOP, ...). `from` in E.164. */
  incoming(from: string, text: string): Promise<void>;
}

export interface SmsTransport {
  readonly kind: 'smpp' | 'http' | 'file';
  /** Messages per second this transport may send (its throttle), for the pump's slots. */
  readonly ratePerSecond: number;
  send(sms: OutgoingSms): Promise<SmsSendResult>;
  /** Starts passing receipts and incoming messages (SMPP: deliver_sm on the bound session). */
  listen(handlers: InboundHandlers): void;
  close(): Promise<void>;
}
