/**
 * `recrutement serve` as `npm start` runs it with only the database configured (no NODE_ENV, no
 * RATE_LIMIT_ENABLED): rate limiting is on, and the start line says nothing about it; with
 * RATE_LIMIT_ENABLED=false the start line is followed by a warning.
 */
import { expect } from 'chai';
import { call } from '../helpers/http-call.ts';
import { startApiProcess, stopAllProcesses } from '../helpers/processes.ts';
import { freshIp } from '../helpers/rate-limit-probe.ts';

const WARNING = /WARNING: rate limiting is OFF \(RATE_LIMIT_ENABLED=false\)/;

async function badLogins(url: string, client: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await call(url, 'POST', '/v1/api/auth/login', {
      body: { email: 'nobody@example.com', password: 'wrong-password' },
      headers: { 'X-Forwarded-For': client },
    });
    statuses.push(res.status);
  }
  return statuses;
}

describe('Rate limiting at the start of the API process', function () {
  this.timeout(300_000);

  after(() => stopAllProcesses());

  it('NODE_ENV and RATE_LIMIT_ENABLED unset: limited, and no warning', async () => {
    const api = await startApiProcess('defaults', {
      NODE_ENV: '',
      RATE_LIMIT_ENABLED: '',
      // And argon2's production cost: the suite's least cost is refused outside NODE_ENV=test.
      PASSWORD_HASH_MEMORY_KIB: '',
      PASSWORD_HASH_TIME_COST: '',
    });
    expect(await badLogins(api.url, freshIp(), 7)).to.deep.equal([401, 401, 401, 401, 401, 429, 429]);
    expect(api.stderr).not.to.match(WARNING);
  });

  it('RATE_LIMIT_ENABLED=false: the start line is followed by the warning, and nothing is limited', async () => {
    const api = await startApiProcess('unlimited', { RATE_LIMIT_ENABLED: 'false' });
    await api.waitForStderr(WARNING);
    expect(api.stderr).to.match(/API listening on http:\/\/\S+\nWARNING: rate limiting is OFF/);
    expect(await badLogins(api.url, freshIp(), 7)).to.deep.equal([401, 401, 401, 401, 401, 401, 401]);
  });
});
