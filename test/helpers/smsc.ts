/**
 * An SMSC in the test process: the server side of the npm package `smpp`, on a random local port.
 * It accepts bind_transceiver for one system_id/password, records every submit_sm (with its data
 * coding, UDH and decoded text), answers with its own message ids, and can:
 * - refuse binds (`refuseBinds`), answer ESME_RTHROTTLED when submits come faster than
 *   `maxPerSecond` or for the next `throttleNext` submits;
 * - send a delivery receipt (deliver_sm, esm_class 0x04) for a message, and a message from a
 *   phone (deliver_sm), and tell whether the client acknowledged them;
 * - go away (every session cut, the port closed) and come back on the same port.
 */
import {
  smpp,
  SMPP_STATUS,
  type SmppPdu,
  type SmppServer,
  type SmppSession,
} from '../../engines/sms/smpp-library.ts';

export interface Submitted {
  messageId: string;
  to: string;
  from: string;
  dataCoding: number;
  esmClass: number;
  udh: Buffer | null;
  text: string;
  registeredDelivery: number;
  at: number;
}

export class TestSmsc {
  readonly submits: Submitted[] = [];
  readonly binds: { systemId: string; accepted: boolean }[] = [];
  readonly throttled: number[] = [];
  refuseBinds = false;
  maxPerSecond = Infinity;
  throttleNext = 0;
  /** Delay before each submit_sm_resp (ms). */
  respondAfterMs = 0;
  private server: SmppServer | null = null;
  private nextId = 1;
  private window: number[] = [];
  port = 0;

  constructor(
    readonly systemId = 'recrutement',
    readonly password = 'secret',
  ) {}

  static async start(): Promise<TestSmsc> {
    const smsc = new TestSmsc();
    await smsc.listen(0);
    return smsc;
  }

  get url(): string {
    return `smpp://${this.systemId}:${this.password}@127.0.0.1:${this.port}?tps=1000`;
  }

  get sessions(): SmppSession[] {
    return this.server?.sessions ?? [];
  }

  /** Sessions that are bound (a refused bind leaves none). */
  bound = new Set<SmppSession>();

  private async listen(port: number): Promise<void> {
    const server = smpp.createServer({}, (session) => this.onSession(session));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : port;
  }

  private onSession(session: SmppSession): void {
    session.on('error', () => undefined);
    session.on('close', () => this.bound.delete(session));
    session.on('bind_transceiver', (pdu: SmppPdu) => {
      const ok = !this.refuseBinds && pdu.system_id === this.systemId && pdu.password === this.password;
      this.binds.push({ systemId: String(pdu.system_id), accepted: ok });
      if (!ok) {
        session.send(pdu.response({ command_status: SMPP_STATUS.ESME_RBINDFAIL }));
        return;
      }
      session.send(pdu.response({ system_id: 'TESTSMSC' }));
      this.bound.add(session);
    });
    session.on('enquire_link', (pdu: SmppPdu) => session.send(pdu.response()));
    session.on('unbind', (pdu: SmppPdu) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('submit_sm', (pdu: SmppPdu) => {
      const respond = () => this.onSubmit(session, pdu);
      if (this.respondAfterMs) setTimeout(respond, this.respondAfterMs);
      else respond();
    });
  }

  private onSubmit(session: SmppSession, pdu: SmppPdu): void {
    if (!this.bound.has(session)) {
      session.send(pdu.response({ command_status: 0x04 /* ESME_RINVBNDSTS */ }));
      return;
    }
    const now = Date.now();
    this.window = this.window.filter((t) => now - t < 1000);
    if (this.throttleNext > 0 || this.window.length >= this.maxPerSecond) {
      if (this.throttleNext > 0) this.throttleNext -= 1;
      this.throttled.push(now);
      session.send(pdu.response({ command_status: SMPP_STATUS.ESME_RTHROTTLED }));
      return;
    }
    this.window.push(now);
    const messageId = `M${String(this.nextId++).padStart(6, '0')}`;
    const sm = pdu.short_message;
    this.submits.push({
      messageId,
      to: String(pdu.destination_addr),
      from: String(pdu.source_addr),
      dataCoding: pdu.data_coding ?? 0,
      esmClass: pdu.esm_class ?? 0,
      udh: sm?.udh?.[0] ?? null,
      text: typeof sm?.message === 'string' ? sm.message : String(sm?.message ?? ''),
      registeredDelivery: pdu.registered_delivery ?? 0,
      at: now,
    });
    session.send(pdu.response({ message_id: messageId }));
  }

  /** Sends a deliver_sm on the first bound session; resolves with the client's command_status. */
  deliver(options: Record<string, unknown>): Promise<number> {
    const session = [...this.bound][0];
    if (!session) return Promise.reject(new Error('no bound session'));
    return new Promise((resolve) => {
      session.deliver_sm(options, (resp) => resolve(resp.command_status));
    });
  }

  /** A delivery receipt in SMPP 3.4 appendix B form. */
  receipt(
    messageId: string,
    stat: 'DELIVRD' | 'UNDELIV' | 'EXPIRED' | 'ACCEPTD',
    to = '237600000000',
  ): Promise<number> {
    const text = `id:${messageId} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:2611261200 done date:2611261201 stat:${stat} err:000 text:`;
    return this.deliver({
      source_addr: to,
      destination_addr: 'Recrutement',
      esm_class: 0x04,
      data_coding: 0,
      short_message: text,
    });
  }

  /** A message from a phone (mobile-originated), in GSM or UCS-2. */
  fromPhone(from: string, text: string, dataCoding = 0): Promise<number> {
    return this.deliver({
      source_addr: from.replace(/^\+/, ''),
      source_addr_ton: 1,
      destination_addr: 'Recrutement',
      esm_class: 0,
      data_coding: dataCoding,
      short_message: text,
    });
  }

  /** The SMSC goes away: every session cut, the port closed. */
  async goAway(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const s of [...server.sessions]) s.destroy();
    this.bound.clear();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** ... and comes back on the same port. */
  async comeBack(): Promise<void> {
    await this.listen(this.port);
  }

  async close(): Promise<void> {
    await this.goAway();
  }
}
