/**
 * SMS over SMPP 3.4 (`SMS_URL=smpp://system_id:password@host:2775`, `ssmpp://` for TLS), through
 * the npm package `smpp`. One transceiver session (bind_transceiver): it submits, and the SMSC
 * delivers on it the delivery receipts and the messages phones send.
 *
 * - Throttle: at most `tps` submits per second on the connection (URL parameter `tps`, 10 by
 *   default: operators set a rate per account). ESME_RTHROTTLED or ESME_RMSGQFUL from the SMSC
 *   pauses the connection for a second and the message is reported throttled (sent again soon).
 * - Text: GSM 03.38 with data_coding 0 (the SMSC default alphabet); anything else, UCS-2
 *   (data_coding 8). A long text goes in parts with a concatenation header (UDH, 8-bit reference).
 * - The SMSC going away: the session is re-bound in the background (0.5 s doubling to 30 s), and
 *   a send meanwhile fails at once without writing anything, so the outbox retries it. A submit
 *   with no answer within `submitTimeoutMs` fails (its outcome unknown; the outbox retries).
 * - A bind refused (wrong password, ESME_RBINDFAIL...) is kept as the reason sends fail, and the
 *   bind is tried again with the same back-off.
 * - deliver_sm is answered only once the receipt or incoming message is stored; when storing
 *   fails the answer is ESME_RX_T_APPN so the SMSC delivers it again.
 */
import { randomInt } from 'node:crypto';
import type { Logger } from '../../lib/logger.ts';
import {
  SmsRejectedError,
  SmsThrottledError,
  type DeliveryReceipt,
  type DeliveryState,
  type InboundHandlers,
  type OutgoingSms,
  type SmsSendResult,
  type SmsTransport,
} from '../../domain/sms/index.ts';
import { gsm7Parts, isGsm7 } from '../../domain/sms/index.ts';
import { smpp, SMPP_STATUS, smppStatusName, type SmppPdu, type SmppSession } from './smpp-library.ts';

export interface SmppOptions {
  logger: Logger;
  /** Submits per second on the connection (default: the URL's `tps`, else 10). */
  tps?: number;
  submitTimeoutMs?: number;
  bindTimeoutMs?: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

const ESM_DELIVERY_RECEIPT = 0x04;
const UCS2_PART_CHARS = 67;
const UCS2_SINGLE_CHARS = 70;

/** The SMSC's `stat:` word of a receipt, as this project's state. */
export function receiptState(stat: string): DeliveryState {
  switch (stat.toUpperCase()) {
    case 'DELIVRD':
      return 'DELIVERED';
    case 'ACCEPTD':
      return 'ACCEPTED';
    case 'ENROUTE':
    case 'UNKNOWN':
      return 'BUFFERED';
    default:
      return 'UNDELIVERED'; // UNDELIV, EXPIRED, DELETED, REJECTD
  }
}

const MESSAGE_STATES: Record<number, string> = {
  1: 'ENROUTE',
  2: 'DELIVRD',
  3: 'EXPIRED',
  4: 'DELETED',
  5: 'UNDELIV',
  6: 'ACCEPTD',
  7: 'UNKNOWN',
  8: 'REJECTD',
};

function textOf(value: SmppPdu['short_message'] | string | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return typeof value.message === 'string' ? value.message : value.message.toString('latin1');
}

/** Reads a delivery receipt (SMPP 3.4 appendix B text, or the receipted_message_id / message_state TLVs). */
export function parseReceipt(pdu: SmppPdu): DeliveryReceipt | null {
  const text = textOf(pdu.short_message) || textOf(pdu.message_payload);
  const id = pdu.receipted_message_id ?? /\bid:(\S+)/i.exec(text)?.[1];
  const stat =
    (pdu.message_state !== undefined ? MESSAGE_STATES[pdu.message_state] : undefined) ??
    /\bstat:(\w+)/i.exec(text)?.[1];
  if (!id || !stat) return null;
  return { providerId: id, state: receiptState(stat), detail: stat.toUpperCase() };
}

interface Part {
  text: string;
  udh: Buffer | null;
  dataCoding: number;
}

/** The parts of a message with their concatenation headers (one part: no header). */
export function smppParts(text: string): Part[] {
  const gsm = isGsm7(text);
  const pieces = gsm ? gsm7Parts(text) : ucs2Parts(text);
  const dataCoding = gsm ? 0x00 : 0x08;
  if (pieces.length === 1) return [{ text, udh: null, dataCoding }];
  const ref = randomInt(0, 256);
  return pieces.map((piece, i) => ({
    text: piece,
    udh: Buffer.from([0x05, 0x00, 0x03, ref, pieces.length, i + 1]),
    dataCoding,
  }));
}

function ucs2Parts(text: string): string[] {
  const chars = [...text];
  if (chars.length <= UCS2_SINGLE_CHARS) return [text];
  const parts: string[] = [];
  for (let i = 0; i < chars.length; i += UCS2_PART_CHARS)
    parts.push(chars.slice(i, i + UCS2_PART_CHARS).join(''));
  return parts;
}

/** A numeric sender is international (TON 1, NPI 1); a name is alphanumeric (TON 5, NPI 0). */
function sourceAddress(from: string): Record<string, unknown> {
  if (/^\+?\d+$/.test(from))
    return { source_addr: from.replace(/^\+/, ''), source_addr_ton: 1, source_addr_npi: 1 };
  return { source_addr: from, source_addr_ton: 5, source_addr_npi: 0 };
}

export class SmppTransport implements SmsTransport {
  readonly kind = 'smpp' as const;
  readonly ratePerSecond: number;
  private session: SmppSession | null = null;
  private bound = false;
  private binding: Promise<SmppSession> | null = null;
  private lastBindError: string | null = null;
  private handlers: InboundHandlers | null = null;
  private closed = false;
  private reconnectDelay: number;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private enquireTimer: NodeJS.Timeout | null = null;
  private nextSlot = 0;
  private readonly pending = new Map<number, (err: Error) => void>();
  private readonly submitTimeoutMs: number;
  private readonly bindTimeoutMs: number;
  private readonly reconnectMinMs: number;
  private readonly reconnectMaxMs: number;

  constructor(
    private readonly url: URL,
    private readonly opts: SmppOptions,
  ) {
    const tps = opts.tps ?? Number(url.searchParams.get('tps') ?? 10);
    this.ratePerSecond = Number.isFinite(tps) && tps > 0 ? tps : 10;
    this.submitTimeoutMs = opts.submitTimeoutMs ?? 15_000;
    this.bindTimeoutMs = opts.bindTimeoutMs ?? 10_000;
    this.reconnectMinMs = opts.reconnectMinMs ?? 500;
    this.reconnectMaxMs = opts.reconnectMaxMs ?? 30_000;
    this.reconnectDelay = this.reconnectMinMs;
  }

  /** Whether a session is bound now (tests and `recrutement sms status`). */
  get isBound(): boolean {
    return this.bound;
  }

  listen(handlers: InboundHandlers): void {
    this.handlers = handlers;
    // Receipts and replies arrive only on a bound session: bind now rather than at the first send.
    this.ensureBound().catch(() => undefined);
  }

  async send(sms: OutgoingSms): Promise<SmsSendResult> {
    const parts = smppParts(sms.text);
    const providerIds: string[] = [];
    for (const part of parts) {
      await this.slot();
      const session = await this.ensureBound();
      providerIds.push(await this.submit(session, sms, part));
    }
    return { providerIds };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.stopEnquireLink();
    const session = this.session;
    if (!session) return;
    if (this.bound)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2000);
        const sent = session.unbind({}, () => {
          clearTimeout(timer);
          resolve();
        });
        if (!sent) {
          clearTimeout(timer);
          resolve();
        }
      });
    await new Promise<void>((resolve) => {
      if (session.socket.destroyed) return resolve();
      session.destroy(() => resolve());
    });
  }

  /** Waits for this connection's next send slot (at most `ratePerSecond` submits per second). */
  private async slot(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.nextSlot);
    this.nextSlot = at + 1000 / this.ratePerSecond;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }

  private submit(session: SmppSession, sms: OutgoingSms, part: Part): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      let seq = 0;
      const timer = setTimeout(() => {
        this.pending.delete(seq);
        reject(new Error(`no submit_sm_resp within ${this.submitTimeoutMs} ms`));
      }, this.submitTimeoutMs);
      const fail = (err: Error) => {
        clearTimeout(timer);
        reject(err);
      };
      const pdu = new smpp.PDU('submit_sm', {
        ...sourceAddress(sms.from),
        destination_addr: sms.to.replace(/^\+/, ''),
        dest_addr_ton: 1,
        dest_addr_npi: 1,
        registered_delivery: 1,
        data_coding: part.dataCoding,
        short_message: part.udh ? { udh: part.udh, message: part.text } : part.text,
      });
      const written = session.send(pdu, (resp) => {
        this.pending.delete(seq);
        clearTimeout(timer);
        const status = resp.command_status;
        if (status === SMPP_STATUS.ESME_ROK) return resolve(String(resp.message_id ?? ''));
        const name = smppStatusName(status);
        if (status === SMPP_STATUS.ESME_RTHROTTLED || status === SMPP_STATUS.ESME_RMSGQFUL) {
          // The SMSC asked us to slow down: the whole connection waits a second.
          this.nextSlot = Math.max(this.nextSlot, Date.now() + 1000);
          return reject(new SmsThrottledError(`SMSC throttled: ${name}`));
        }
        if (status === SMPP_STATUS.ESME_RINVDSTADR)
          return reject(new SmsRejectedError(`SMSC refused: ${name}`));
        reject(new Error(`submit_sm refused: ${name}`));
      });
      if (!written) return fail(new Error('SMSC connection lost before submit_sm'));
      seq = pdu.sequence_number;
      this.pending.set(seq, fail);
    });
  }

  private ensureBound(): Promise<SmppSession> {
    if (this.closed) return Promise.reject(new Error('SMS transport closed'));
    if (this.bound && this.session && !this.session.socket.destroyed) return Promise.resolve(this.session);
    if (!this.binding) {
      this.binding = this.bind().finally(() => {
        this.binding = null;
      });
    }
    return this.binding;
  }

  private bind(): Promise<SmppSession> {
    return new Promise<SmppSession>((resolve, reject) => {
      let settled = false;
      const settle = (err: Error | null, session?: SmppSession) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) {
          this.lastBindError = err.message;
          reject(err);
        } else resolve(session!);
      };
      const tls = this.url.protocol === 'ssmpp:';
      const session = smpp.connect({
        host: this.url.hostname,
        port: Number(this.url.port) || (tls ? 3550 : 2775),
        tls,
      });
      this.session = session;
      const timer = setTimeout(() => {
        settle(new Error(`SMSC bind timed out after ${this.bindTimeoutMs} ms`));
        session.destroy();
      }, this.bindTimeoutMs);
      session.on('error', (err: Error) => {
        this.opts.logger.warn({ err: { message: err.message } }, 'smpp connection error');
        settle(new Error(`SMSC unreachable: ${err.message}`));
      });
      session.on('close', () => {
        this.onClose(session);
        settle(new Error(this.lastBindError ?? 'SMSC connection closed'));
      });
      session.on('deliver_sm', (pdu: SmppPdu) => void this.onDeliver(session, pdu));
      session.on('enquire_link', (pdu: SmppPdu) => session.send(pdu.response()));
      session.on('unbind', (pdu: SmppPdu) => {
        session.send(pdu.response());
        session.close();
      });
      session.on(tls ? 'secureConnect' : 'connect', () => {
        session.bind_transceiver(
          {
            system_id: decodeURIComponent(this.url.username),
            password: decodeURIComponent(this.url.password),
            system_type: this.url.searchParams.get('system_type') ?? '',
            interface_version: 0x34,
          },
          (resp) => {
            if (resp.command_status !== SMPP_STATUS.ESME_ROK) {
              const reason = `SMSC bind refused: ${smppStatusName(resp.command_status)}`;
              this.opts.logger.error({ status: resp.command_status }, reason);
              settle(new Error(reason));
              session.close();
              return;
            }
            this.bound = true;
            this.lastBindError = null;
            this.reconnectDelay = this.reconnectMinMs;
            this.startEnquireLink(session);
            this.opts.logger.info({ host: this.url.hostname }, 'smpp session bound');
            settle(null, session);
          },
        );
      });
    });
  }

  private onClose(session: SmppSession): void {
    if (this.session !== session) return;
    this.bound = false;
    this.session = null;
    this.stopEnquireLink();
    for (const fail of this.pending.values()) fail(new Error('SMSC connection lost before submit_sm_resp'));
    this.pending.clear();
    if (this.closed || !this.handlers) return;
    // Stay bound for receipts and replies: try again with back-off.
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, this.reconnectMaxMs);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.ensureBound().catch(() => undefined);
    }, delay);
  }

  private startEnquireLink(session: SmppSession): void {
    this.stopEnquireLink();
    this.enquireTimer = setInterval(() => session.enquire_link(), 30_000);
    this.enquireTimer.unref();
  }

  private stopEnquireLink(): void {
    if (this.enquireTimer) clearInterval(this.enquireTimer);
    this.enquireTimer = null;
  }

  private async onDeliver(session: SmppSession, pdu: SmppPdu): Promise<void> {
    try {
      if (!this.handlers) throw new Error('not listening yet');
      if ((pdu.esm_class ?? 0) & ESM_DELIVERY_RECEIPT) {
        const receipt = parseReceipt(pdu);
        if (receipt) await this.handlers.deliveryReceipt(receipt);
        else this.opts.logger.warn('smpp delivery receipt without id or stat, dropped');
      } else {
        const from = `+${(pdu.source_addr ?? '').replace(/^\+/, '')}`;
        await this.handlers.incoming(from, textOf(pdu.short_message) || textOf(pdu.message_payload));
      }
      session.send(pdu.response());
    } catch (err) {
      this.opts.logger.warn(
        { err: { message: (err as Error).message } },
        'smpp deliver_sm not stored, SMSC will retry',
      );
      session.send(pdu.response({ command_status: SMPP_STATUS.ESME_RX_T_APPN }));
    }
  }
}
