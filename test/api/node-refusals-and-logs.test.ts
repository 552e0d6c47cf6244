/**
 * Answers Node gives before Koa sees a request are in the JSON envelope (a 20 KB URL: 431; a
 * malformed request line: 400), and knex's own messages (a connection that cannot be acquired
 * during an outage) are JSON log lines, not console text.
 */
import net from 'node:net';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { startServer, type RunningServer } from '../../api/server.ts';
import { testDeps } from '../helpers/env.ts';
import { createKnex } from '../../lib/db.ts';
import { createLogger } from '../../lib/logger.ts';

function rawRequest(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    let data = '';
    socket.on('data', (c: Buffer) => (data += c.toString('utf8')));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

describe('Node-level refusals in the envelope, knex logs in JSON', function () {
  this.timeout(30_000);
  let server: RunningServer;
  before(async () => {
    server = await startServer(testDeps(), 0, '127.0.0.1');
  });
  after(() => server.close());

  it('a 20 KB URL gets a 431 JSON envelope', async () => {
    const raw = await rawRequest(
      server.url,
      `GET /v1/api/regions?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).to.match(/^HTTP\/1\.1 431 /);
    expect(head).to.match(/content-type: application\/json/i);
    expect(JSON.parse(body)).to.deep.include({ success: false, data: null });
    expect(JSON.parse(body).error.code).to.equal('HEADERS_TOO_LARGE');
  });

  it('a malformed request line gets a 400 JSON envelope', async () => {
    const raw = await rawRequest(server.url, 'GET /\u0001bad HTTP/9.9\r\n\r\n');
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).to.match(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body).error.code).to.equal('BAD_REQUEST');
  });

  it('knex messages during a database outage are JSON log lines', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    // Nothing listens on port 9: every connection attempt fails, as in an outage.
    const db = createKnex(
      'mysql://root@127.0.0.1:9/none',
      { min: 0, max: 1, acquireTimeoutMillis: 500 },
      createLogger('debug', sink),
    );
    try {
      await db.raw('SELECT 1').catch(() => undefined);
    } finally {
      await db.destroy();
    }
    expect(lines.length).to.be.greaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), line).to.not.throw();
    expect(lines.some((l) => (JSON.parse(l) as { source?: string }).source === 'knex')).to.equal(true);
  });
});
