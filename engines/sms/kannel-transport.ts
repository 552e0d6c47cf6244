/**
 * SMS through an HTTP gateway speaking Kannel's sendsms interface (`SMS_URL=http(s)://user:
 * password@gateway:13013/cgi-bin/sendsms`; other query parameters of the URL, `smsc=` for one,
 * are passed on). Many aggregators offer the same interface. One GET per message with username,
 * password, from, to, text, coding=0 (GSM) and, when SMS_CALLBACK_KEY is set, dlr-mask and a
 * dlr-url pointing at this API's receipt route with the message's id.
 *
 * Kannel answers 202 "0: Accepted for delivery" or "3: Queued for later delivery"; 503 is a
 * temporary failure (throttled); another 4xx (bad credentials, bad number) fails the message.
 */
import type { Logger } from '../../lib/logger.ts';
import {
  gatewayProviderId,
  SmsRejectedError,
  SmsThrottledError,
  type InboundHandlers,
  type OutgoingSms,
  type SmsSendResult,
  type SmsTransport,
} from '../../domain/sms/index.ts';

export interface KannelOptions {
  logger: Logger;
  /** This API's public URL: receipts are asked to be sent to {publicUrl}/v1/api/sms/gateway/receipt. */
  publicUrl: string;
  callbackKey: string | null;
  timeoutMs?: number;
  /** Messages per second (default: the URL's `tps` parameter, else 10). */
  tps?: number;
}

/** Kannel's dlr-mask: 1 delivered, 2 failed, 4 buffered, 8 SMSC accepted, 16 SMSC rejected. */
const DLR_MASK = 1 + 2 + 4 + 16;

export class KannelTransport implements SmsTransport {
  readonly kind = 'http' as const;
  readonly ratePerSecond: number;
  private readonly endpoint: URL;
  private readonly username: string;
  private readonly password: string;
  private nextSlot = 0;

  constructor(
    url: URL,
    private readonly opts: KannelOptions,
  ) {
    this.username = decodeURIComponent(url.username);
    this.password = decodeURIComponent(url.password);
    this.endpoint = new URL(url.toString());
    this.endpoint.username = '';
    this.endpoint.password = '';
    const tps = opts.tps ?? Number(this.endpoint.searchParams.get('tps') ?? 10);
    this.endpoint.searchParams.delete('tps');
    this.ratePerSecond = Number.isFinite(tps) && tps > 0 ? tps : 10;
  }

  listen(_handlers: InboundHandlers): void {
    // The gateway calls the API's routes (/v1/api/sms/gateway/receipt and /v1/api/sms/gateway/incoming).
  }

  async send(sms: OutgoingSms): Promise<SmsSendResult> {
    const now = Date.now();
    const at = Math.max(now, this.nextSlot);
    this.nextSlot = at + 1000 / this.ratePerSecond;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
    const url = new URL(this.endpoint.toString());
    const q = url.searchParams;
    q.set('username', this.username);
    q.set('password', this.password);
    q.set('from', sms.from);
    q.set('to', sms.to);
    q.set('text', sms.text);
    q.set('coding', '0');
    q.set('charset', 'UTF-8');
    if (this.opts.callbackKey) {
      const dlr = new URL(`${this.opts.publicUrl}/v1/api/sms/gateway/receipt`);
      dlr.searchParams.set('key', this.opts.callbackKey);
      dlr.searchParams.set('id', String(sms.id));
      // Kannel substitutes %d (the receipt type) and %A (the SMSC's answer) when it calls back.
      q.set('dlr-mask', String(DLR_MASK));
      q.set('dlr-url', `${dlr.toString()}&type=%d&answer=%A`);
    }
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000) });
    } catch (err) {
      throw new Error(`SMS gateway unreachable: ${(err as Error).message}`, { cause: err });
    }
    const body = (await response.text()).trim().slice(0, 200);
    if (response.status === 202 || response.status === 200)
      return { providerIds: [gatewayProviderId(sms.id)] };
    if (response.status === 503 || response.status === 429)
      throw new SmsThrottledError(`gateway busy: ${body}`);
    if (response.status >= 500) throw new Error(`gateway failed (${response.status}): ${body}`);
    if (response.status === 403) throw new Error(`gateway refused the credentials: ${body}`);
    throw new SmsRejectedError(`gateway refused (${response.status}): ${body}`);
  }

  async close(): Promise<void> {}
}
