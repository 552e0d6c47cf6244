/**
 * Rate limiting is on unless RATE_LIMIT_ENABLED=false says otherwise, whatever NODE_ENV is (a
 * deployment that forgets NODE_ENV runs as 'development'); when it is off, the API says so at start.
 */
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDeps, testEnv } from '../helpers/env.ts';
import { freshIp } from '../helpers/rate-limit-probe.ts';
import { loadConfig } from '../../lib/config.ts';
import { createLogger } from '../../lib/logger.ts';
import { API_PREFIX } from '../../api/app.ts';
import { RATE_LIMIT_OFF_WARNING, startServer } from '../../api/server.ts';

/** What `npm start` reads when only the database is configured: no NODE_ENV, no RATE_LIMIT_ENABLED. */
function bareConfig(extra: Record<string, string> = {}) {
  const e = testEnv();
  return loadConfig({
    DATABASE_URL: e.databaseUrl,
    JWT_SECRET: e.config.jwtSecret,
    UPLOAD_DIR: e.config.uploadDir,
    MAIL_DIR: e.config.mailDir,
    LOG_LEVEL: 'silent',
    ...extra,
  });
}

describe('Rate limiting is on by default', function () {
  this.timeout(30_000);

  it('loadConfig: on with NODE_ENV unset or development; off only with RATE_LIMIT_ENABLED=false', () => {
    expect(loadConfig({}).nodeEnv).to.equal('development');
    expect(loadConfig({}).rateLimitEnabled).to.equal(true);
    expect(loadConfig({ NODE_ENV: 'development' }).rateLimitEnabled).to.equal(true);
    expect(loadConfig({ RATE_LIMIT_ENABLED: '' }).rateLimitEnabled).to.equal(true);
    expect(loadConfig({ RATE_LIMIT_ENABLED: 'false' }).rateLimitEnabled).to.equal(false);
    expect(loadConfig({ NODE_ENV: 'production', RATE_LIMIT_ENABLED: 'false' }).rateLimitEnabled).to.equal(
      false,
    );
  });

  it('an app built from that config answers 401 to the first 5 bad logins of a client, then 429', async () => {
    const config = bareConfig();
    expect(config).to.include({ nodeEnv: 'development', rateLimitEnabled: true });
    const api = agent({ config });
    // Behind the default trusted proxy (loopback), the client is the X-Forwarded-For address.
    const client = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await api
        .post(`${API_PREFIX}/auth/login`)
        .set('X-Forwarded-For', client)
        .send({ email: 'nobody@example.com', password: 'wrong-password' });
      statuses.push(res.status);
    }
    expect(statuses).to.deep.equal([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
  });

  it("a script on the API's own host, without X-Forwarded-For, is limited too", async () => {
    const api = agent({ config: bareConfig() });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await api
        .post(`${API_PREFIX}/auth/login`)
        .send({ email: 'nobody@example.com', password: 'wrong' });
      statuses.push(res.status);
    }
    // Other tests of the run may have spent some of the loopback's points already: from the 6th on, all refused.
    expect(statuses.slice(5)).to.deep.equal(Array(7).fill(429));
  });

  describe('the start warning', () => {
    async function startLogs(
      config: ReturnType<typeof bareConfig>,
    ): Promise<{ level: number; msg: string }[]> {
      const lines: { level: number; msg: string }[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _enc, done) {
          for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      });
      const server = await startServer({ ...testDeps({ config }), logger: createLogger('info', sink) }, 0);
      await server.close();
      return lines;
    }

    it('RATE_LIMIT_ENABLED=false: the API logs a warning that rate limiting is off when it starts', async () => {
      const logs = await startLogs(bareConfig({ RATE_LIMIT_ENABLED: 'false' }));
      const warning = logs.find((l) => l.msg === RATE_LIMIT_OFF_WARNING);
      expect(warning, JSON.stringify(logs)).to.include({ level: 40 });
      expect(RATE_LIMIT_OFF_WARNING).to.match(/rate limiting is OFF \(RATE_LIMIT_ENABLED=false\)/);
    });

    it('on: no such warning', async () => {
      const logs = await startLogs(bareConfig());
      expect(logs.map((l) => l.msg)).to.include('api listening');
      expect(logs.map((l) => l.msg)).not.to.include(RATE_LIMIT_OFF_WARNING);
    });
  });
});
