/**
 * Without JWT_SECRET, the first API process generates a secret into the database and every other
 * one uses it: a token issued by one instance is accepted by another.
 */
import { expect } from 'chai';
import { testDb } from '../helpers/env.ts';
import { createCandidat, DEFAULT_PASSWORD } from '../helpers/factories.ts';
import { call } from '../helpers/http-call.ts';
import { startApiProcess, stopAllProcesses } from '../helpers/processes.ts';

describe('JWT secret generated and shared through the database', function () {
  this.timeout(300_000);

  after(() => stopAllProcesses());

  it('two instances started without JWT_SECRET share the generated secret', async () => {
    const [a, b] = await Promise.all([
      startApiProcess('no-secret-a', { JWT_SECRET: '' }),
      startApiProcess('no-secret-b', { JWT_SECRET: '' }),
    ]);
    const stored = (await testDb()('appSecrets').where({ name: 'jwt_secret' }).first('value')) as {
      value: string;
    };
    expect(stored.value).to.have.length(64); // 48 random bytes, base64url
    const candidat = await createCandidat();
    const login = await call(a.url, 'POST', '/v1/api/auth/login', {
      body: { email: candidat.email, password: DEFAULT_PASSWORD },
    });
    expect(login.status, JSON.stringify(login.body)).to.equal(200);
    const me = await call(b.url, 'GET', '/v1/api/candidats/me', { token: login.body!.accessToken as string });
    expect(me.status).to.equal(200);
  });
});
