/** Regression tests of the security hardening findings that need no other fixture. */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import jwt from 'jsonwebtoken';
import { createAdmin, createCandidat, createRecruteur, DEFAULT_PASSWORD } from '../helpers/factories.ts';
import { offreBody, recruteurWithPlan } from '../helpers/offre-factories.ts';
import { binaryParser, uploadAs } from '../helpers/profile-factories.ts';
import { pngBuffer } from '../helpers/file-fixtures.ts';
import {
  DEFAULT_PASSWORD_HASH_COST,
  HASHING_CONCURRENCY,
  HASHING_QUEUE,
  hashPassword,
  type PasswordHashCost,
} from '../../lib/passwords.ts';
import { testDb, testEnv } from '../helpers/env.ts';
import { loadConfig, ConfigError } from '../../lib/config.ts';

const FLOOD_HASH_COST: PasswordHashCost = {
  memoryKib: DEFAULT_PASSWORD_HASH_COST.memoryKib / 4,
  timeCost: 2,
};

describe('Security hardening', () => {
  it('F9: every answer carries X-Content-Type-Options: nosniff (success, error, system routes)', async () => {
    const candidat = await createCandidat();
    const answers = await Promise.all([
      agent().get('/v1/api/regions'),
      agent().get('/v1/api/offres/999999999'),
      agent().get('/v1/api/candidats/me').set(candidat.auth),
      agent().get('/v1/api/candidats/me'),
      agent().post('/v1/api/auth/login').set('Content-Type', 'application/json').send('{broken'),
      agent().get('/health'),
      agent().get('/v1/api/openapi.json'),
    ]);
    answers.forEach((res, i) =>
      expect(res.headers['x-content-type-options'], `answer ${i}`).to.equal('nosniff'),
    );
    expect(answers.map((r) => r.status)).to.deep.equal([200, 404, 200, 401, 400, 200, 200]);
  });

  describe('F3: tokens speak for an account only as the database says', () => {
    const resign = (token: string, changes: Record<string, unknown>) => {
      const claims = jwt.decode(token) as Record<string, unknown>;
      return jwt.sign({ ...claims, ...changes }, testEnv().config.jwtSecret, { algorithm: 'HS256' });
    };

    it('a token re-signed with the right secret but another sub or role gets 401', async () => {
      const candidat = await createCandidat();
      const admin = await createAdmin({ superAdmin: true });
      const asAdmin = resign(candidat.token, { sub: String(admin.id), role: 'SUPER_ADMIN' });
      await agent().get('/v1/api/admin/audit-logs').set('Authorization', `Bearer ${asAdmin}`).expect(401);
      const promoted = resign(candidat.token, { role: 'SUPER_ADMIN' });
      await agent().get('/v1/api/admin/audit-logs').set('Authorization', `Bearer ${promoted}`).expect(401);
      await agent().get('/v1/api/candidats/me').set(candidat.auth).expect(200);
    });

    it('a demoted admin loses the admin routes at the next request', async () => {
      const admin = await createAdmin();
      await agent().get('/v1/api/admin/dashboard/stats').set(admin.auth).expect(200);
      await testDb()('accounts').where({ id: admin.id }).update({ role: 'CANDIDAT' });
      await agent().get('/v1/api/admin/dashboard/stats').set(admin.auth).expect(401);
    });

    it('there is no default secret: a short JWT_SECRET is refused, an unset one is left to the database', () => {
      expect(() => loadConfig({ JWT_SECRET: 'too-short-a-secret' })).to.throw(ConfigError, /32 characters/);
      expect(loadConfig({ NODE_ENV: 'development' }).jwtSecret).to.equal('');
    });
  });

  describe('F9: plain text stays plain', () => {
    it('control characters are a 400 naming the field; tab and newline only in long texts', async () => {
      const r = await recruteurWithPlan('ENTREPRISE');
      const post = (overrides: Record<string, unknown>) =>
        agent().post('/v1/api/offres').set(r.auth).send(offreBody(overrides));
      for (const titre of [
        'Comptable\u0007',
        'Comptable\u001b]0;pwned\u0007',
        'Comptable\r\nX',
        'Comptable\nsenior',
        'A\u0085B',
      ]) {
        const res = await post({ titre }).expect(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
        expect(res.body.error.details).to.contain('body.titre');
      }
      const bell = await post({ description: 'Missions :\u0007 néant' }).expect(400);
      expect(bell.body.error.details).to.contain('body.description');
      await post({ competences: ['Excel\u0000'] }).expect(400);
      const ok = await post({ description: 'Missions :\n\t- tenir la caisse\n\t- accueillir' }).expect(200);
      expect(ok.body.data.description).to.equal('Missions :\n\t- tenir la caisse\n\t- accueillir');
    });

    it('HTML comes back as the same plain string, in JSON that is never sniffed', async () => {
      const r = await recruteurWithPlan('ENTREPRISE');
      const titre = '<img src=x onerror=alert(1)> Comptable';
      const res = await agent().post('/v1/api/offres').set(r.auth).send(offreBody({ titre })).expect(200);
      expect(res.body.data.titre).to.equal(titre);
      expect(res.headers['content-type']).to.match(/^application\/json/);
      expect(res.headers['x-content-type-options']).to.equal('nosniff');
    });
  });

  it('F5: a login flood beyond the hashing queue gets 503 with Retry-After, never a 500, and file downloads go on', async function () {
    this.timeout(120_000);
    const owner = await createRecruteur();
    // The suite hashes at argon2's least cost; the queue fills when a verification takes far longer
    // than a request takes to arrive. A quarter of production's memory and two passes (tens of ms)
    // fill it as surely as production's cost, and drain it in seconds instead of half a minute.
    await testDb()('accounts')
      .where({ id: owner.id })
      .update({ passwordHash: await hashPassword(DEFAULT_PASSWORD, FLOOD_HASH_COST) });
    const logo = await uploadAs(owner.auth, '/recruiters/company/logo', {
      data: await pngBuffer(),
      name: 'l.png',
      type: 'image/png',
    });
    const fileId = Number(logo.body.data.logoUrl.split('/').pop());
    const api = agent();
    const flood = Array.from({ length: HASHING_CONCURRENCY + HASHING_QUEUE + 100 }, () =>
      // .then() sends the request now: the downloads below run while the logins are queued.
      api
        .post('/v1/api/auth/login')
        .send({ email: owner.email, password: `${DEFAULT_PASSWORD}-wrong` })
        .then((r) => r),
    );
    await new Promise((r) => setTimeout(r, 200));
    const downloads: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = Date.now();
      await api.get(`/v1/api/files/${fileId}`).buffer(true).parse(binaryParser).expect(200);
      downloads.push(Date.now() - t);
    }
    const answers = await Promise.all(flood);
    const statuses = new Set(answers.map((r) => r.status));
    expect([...statuses].sort()).to.deep.equal([401, 503]);
    const busy = answers.find((r) => r.status === 503)!;
    expect(busy.headers['retry-after']).to.equal('5');
    expect(busy.body.error.code).to.equal('SERVICE_UNAVAILABLE');
    downloads.sort((a, b) => a - b);
    console.log(
      `      file download during ${flood.length} logins: max ${downloads[downloads.length - 1]} ms over ${downloads.length}`,
    );
  });
});
