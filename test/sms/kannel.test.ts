/**
 * The HTTP adapter against a gateway stub that follows Kannel's documented sendsms interface
 * (GET /cgi-bin/sendsms with username, password, from, to, text, coding, dlr-mask, dlr-url;
 * 202 "0: Accepted for delivery", 403 "Authorization failed", 503 "Temporary failure"), and the
 * receipt the gateway then calls back (dlr-url, with Kannel's %d substituted) through the API.
 */
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { smsById, uniqueMobile } from '../helpers/sms-factories.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createLogger } from '../../lib/logger.ts';
import { KannelTransport } from '../../engines/sms/kannel-transport.ts';
import { createSmsTransport } from '../../engines/sms/index.ts';
import { enqueueSms, sendDueSms } from '../../domain/sms/index.ts';

const KEY = 'kannel-callback-key';

class KannelStub {
  readonly requests: URLSearchParams[] = [];
  busy = false;
  private server: http.Server;
  port = 0;

  constructor() {
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://stub');
      if (req.method !== 'GET' || url.pathname !== '/cgi-bin/sendsms') {
        res.writeHead(404).end('Unknown request');
        return;
      }
      const q = url.searchParams;
      this.requests.push(q);
      if (q.get('username') !== 'kuser' || q.get('password') !== 'k pass') {
        res.writeHead(403, { 'content-type': 'text/html' }).end('Authorization failed for sendsms');
        return;
      }
      if (this.busy) {
        res.writeHead(503, { 'content-type': 'text/html' }).end('Temporary failure, try again later.');
        return;
      }
      if (!q.get('to') || !q.get('text')) {
        res.writeHead(400, { 'content-type': 'text/html' }).end('Missing receiver number or text');
        return;
      }
      res.writeHead(202, { 'content-type': 'text/html' }).end('0: Accepted for delivery');
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  url(user = 'kuser', pass = 'k%20pass'): string {
    return `http://${user}:${pass}@127.0.0.1:${this.port}/cgi-bin/sendsms?smsc=camtel`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('SMS through an HTTP gateway (Kannel sendsms)', function () {
  this.timeout(60_000);
  let stub: KannelStub;
  const clock = new ManualClock('2026-11-26T11:00:00Z');
  const ctx = () => domainCtx({ type: 'system', id: 'test' }, { clock });
  const transport = (url: string) =>
    new KannelTransport(new URL(url), {
      logger: createLogger('silent'),
      publicUrl: 'http://localhost:3000',
      callbackKey: KEY,
    });

  beforeEach(async () => {
    stub = await new KannelStub().start();
  });
  afterEach(async () => {
    await stub.close();
    await testDb()('smsMessages').where({ status: 'PENDING' }).update({ status: 'CANCELLED' });
  });

  it('sends with Kannel’s parameters and records the receipt the gateway calls back', async () => {
    const to = uniqueMobile();
    const queued = await enqueueSms(ctx(), { to, text: 'Votre candidature a été reçue', kind: 'code' });
    if (!queued.queued) throw new Error('not queued');
    expect(
      createSmsTransport(
        { smsUrl: stub.url(), mailDir: '', publicUrl: '', smsCallbackKey: null },
        createLogger('silent'),
      ).kind,
    ).to.equal('http');
    await sendDueSms(ctx(), transport(stub.url()));
    const q = stub.requests.find((r) => r.get('to') === to)!;
    expect(q.get('username')).to.equal('kuser');
    expect(q.get('password')).to.equal('k pass');
    expect(q.get('from')).to.equal('Recrutement');
    expect(q.get('text'), 'GSM 03.38: ç has no GSM form').to.equal('Votre candidature a été recue');
    expect(q.get('coding')).to.equal('0');
    expect(q.get('smsc'), 'the URL’s own parameters are passed on').to.equal('camtel');
    expect(q.get('dlr-mask')).to.equal('23');
    const dlrUrl = q.get('dlr-url')!;
    expect(dlrUrl).to.match(/^http:\/\/localhost:3000\/v1\/api\/sms\/gateway\/receipt\?/);
    expect(dlrUrl).to.contain('type=%d');
    expect((await smsById(queued.id)).status).to.equal('SENT');

    // What Kannel does with the dlr-url: substitute %d (1: delivered) and %A, then GET it.
    const callback = new URL(dlrUrl.replace('%d', '1').replace('%A', encodeURIComponent('ACK/')));
    await agent({ clock, config: { smsCallbackKey: KEY } })
      .get(callback.pathname + callback.search)
      .expect(200);
    const row = await smsById(queued.id);
    expect([row.status, row.dlrStatus]).to.deep.equal(['DELIVERED', 'DELIVRD']);
  });

  it('treats 503 as throttled, and bad credentials as a failure retried with back-off', async () => {
    const to = uniqueMobile();
    const queued = await enqueueSms(ctx(), { to, text: 'essai', kind: 'code' });
    if (!queued.queued) throw new Error('not queued');
    stub.busy = true;
    const busy = await sendDueSms(ctx(), transport(stub.url()), { maxBatches: 1 });
    expect(busy.throttled).to.equal(1);
    let row = await smsById(queued.id);
    expect([row.status, row.attempts]).to.deep.equal(['PENDING', 0]);
    stub.busy = false;
    clock.advance(2000);
    await sendDueSms(ctx(), transport(stub.url('kuser', 'wrong')), { maxBatches: 1 });
    row = await smsById(queued.id);
    expect([row.status, row.attempts]).to.deep.equal(['PENDING', 1]);
    expect(row.lastError).to.match(/credentials.*Authorization failed/);
  });
});
