import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { ManualClock } from '../../lib/clock.ts';
import { DEFAULT_PASSWORD, createCandidat, createRecruteur, tokensFor } from '../helpers/factories.ts';

interface Pair {
  accessToken: string;
  refreshToken: string;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const me = (token: string, api = agent()) => api.get('/v1/api/recruiters/me').set(bearer(token));
const refresh = (refreshToken: string, api = agent(), path = '/v1/api/auth/refresh-token') =>
  api.post(path).send({ refreshToken });

async function loggedInRecruteur(api = agent()): Promise<{ id: number; pair: Pair }> {
  const recruteur = await createRecruteur();
  const res = await api
    .post('/v1/api/auth/login')
    .send({ email: recruteur.email, password: DEFAULT_PASSWORD })
    .expect(200);
  return { id: recruteur.id, pair: res.body as Pair };
}

describe('Tokens: refresh rotation, reuse detection, logout, expiry', () => {
  describe('POST /auth/refresh-token', () => {
    it('returns a new bare pair; the old refresh token is dead (used and revoked)', async () => {
      const { pair } = await loggedInRecruteur();
      const res = await refresh(pair.refreshToken).expect(200);
      expect(res.body).to.have.all.keys('accessToken', 'refreshToken', 'tokenType', 'expiresIn');
      expect(res.body).to.include({ tokenType: 'Bearer', expiresIn: 900 });
      expect(res.body.refreshToken).not.to.equal(pair.refreshToken);
      await me(res.body.accessToken).expect(200);

      const jti = JSON.parse(Buffer.from(pair.refreshToken.split('.')[1], 'base64url').toString()).jti;
      const old = await testDb()('authTokens').where({ jti }).first();
      expect(old.usedAt).to.be.instanceOf(Date);
      expect(old.revokedAt).to.be.instanceOf(Date);
      // The next rotation works from the new token.
      await refresh(res.body.refreshToken).expect(200);
    });

    it('detects reuse: a rotated refresh token presented again revokes the whole login family (401)', async () => {
      const { id, pair } = await loggedInRecruteur();
      const other = await tokensFor({ id, email: 'x@example.cm', role: 'RECRUTEUR' }); // another login of the same account
      const rotated = (await refresh(pair.refreshToken).expect(200)).body as Pair;
      await me(rotated.accessToken).expect(200);

      const replay = await refresh(pair.refreshToken).expect(401);
      expect(replay.body).to.include({ success: false, data: null });
      expect(replay.body.error.code).to.equal('TOKEN_REVOKED');

      await me(rotated.accessToken).expect(401);
      await refresh(rotated.refreshToken).expect(401);
      await me(pair.accessToken).expect(401);
      // Only that login: the other session of the account still works.
      await me(other.token).expect(200);
    });

    it('lets exactly one of two concurrent refreshes with the same token succeed', async () => {
      const { pair } = await loggedInRecruteur();
      const results = await Promise.all([
        refresh(pair.refreshToken),
        refresh(pair.refreshToken),
        refresh(pair.refreshToken),
      ]);
      expect(results.map((r) => r.status).sort()).to.deep.equal([200, 401, 401]);
      // The losers count as a replay: the family, including the winner's new pair, is revoked.
      const winner = results.find((r) => r.status === 200)!.body as Pair;
      await me(winner.accessToken).expect(401);
      const family = JSON.parse(Buffer.from(pair.refreshToken.split('.')[1], 'base64url').toString()).fam;
      const live = await testDb()('authTokens').where({ familyId: family }).whereNull('revokedAt');
      expect(live).to.have.length(0);
    });

    it('refuses an access token, a forged token and garbage (401), and a missing body (400)', async () => {
      const { pair } = await loggedInRecruteur();
      await refresh(pair.accessToken).expect(401);
      const [h, p] = pair.refreshToken.split('.');
      await refresh(`${h}.${p}.${'A'.repeat(43)}`).expect(401);
      const garbage = await refresh('not-a-token').expect(401);
      expect(garbage.body.error.code).to.equal('TOKEN_INVALID');
      const missing = await agent().post('/v1/api/auth/refresh-token').send({}).expect(400);
      expect(missing.body.error.code).to.equal('VALIDATION_ERROR');
    });

    it('refuses the refresh of a suspended recruiter', async () => {
      const { id, pair } = await loggedInRecruteur();
      await testDb()('recruiters').where({ id }).update({ status: 'SUSPENDED' });
      const res = await refresh(pair.refreshToken).expect(403);
      expect(res.body.error.code).to.equal('ACCOUNT_NOT_ACTIVE');
    });
  });

  describe('POST /auth/refresh (deprecated alias)', () => {
    it('behaves like /auth/refresh-token and announces its successor and sunset', async () => {
      const { pair } = await loggedInRecruteur();
      const res = await refresh(pair.refreshToken, agent(), '/v1/api/auth/refresh').expect(200);
      expect(res.body).to.have.all.keys('accessToken', 'refreshToken', 'tokenType', 'expiresIn');
      expect(res.headers.deprecation).to.equal('true');
      expect(res.headers.sunset).to.equal('Sun, 23 May 2027 00:00:00 GMT');
      expect(new Date(res.headers.sunset).getTime()).to.be.greaterThan(Date.parse('2027-01-01'));
      expect(res.headers.link).to.equal('</v1/api/auth/refresh-token>; rel="successor-version"');
      // Same rotation rules: the old token is dead through either path.
      await refresh(pair.refreshToken).expect(401);
    });

    it('announces the deprecation on refusals too', async () => {
      const res = await refresh('not-a-token', agent(), '/v1/api/auth/refresh').expect(401);
      expect(res.body.error.code).to.equal('TOKEN_INVALID');
      expect(res.headers.deprecation).to.equal('true');
      expect(res.headers.link).to.equal('</v1/api/auth/refresh-token>; rel="successor-version"');
    });

    it('is marked deprecated in the OpenAPI document', async () => {
      const doc = await agent().get('/v1/api/openapi.json').expect(200);
      expect(doc.body.paths['/v1/api/auth/refresh'].post.deprecated).to.equal(true);
      expect(doc.body.paths['/v1/api/auth/refresh-token'].post.deprecated).to.equal(undefined);
    });
  });

  describe('POST /auth/logout', () => {
    it('revokes the access token and its refresh token, seen at once by another API instance', async () => {
      const first = agent();
      const second = agent();
      const { pair } = await loggedInRecruteur(first);
      await me(pair.accessToken, second).expect(200);
      const res = await first.post('/v1/api/auth/logout').set(bearer(pair.accessToken)).expect(200);
      expect(res.body).to.include({ success: true });
      expect(res.body.data).to.deep.equal({});
      const after = await me(pair.accessToken, second).expect(401);
      expect(after.body.error.code).to.equal('TOKEN_REVOKED');
      await refresh(pair.refreshToken, second).expect(401);
    });

    it('also revokes the login of a refresh token given in the body, and leaves other sessions alone', async () => {
      const recruteur = await createRecruteur();
      const older = await tokensFor({ id: recruteur.id, email: recruteur.email, role: 'RECRUTEUR' });
      const untouched = await tokensFor({ id: recruteur.id, email: recruteur.email, role: 'RECRUTEUR' });
      await agent()
        .post('/v1/api/auth/logout')
        .set(recruteur.auth)
        .send({ refreshToken: older.refreshToken })
        .expect(200);
      await me(recruteur.token).expect(401);
      await refresh(older.refreshToken).expect(401);
      await me(untouched.token).expect(200);
    });

    it('needs a valid token: 401', async () => {
      await agent().post('/v1/api/auth/logout').expect(401);
      const candidat = await createCandidat();
      await agent().post('/v1/api/auth/logout').set(candidat.auth).expect(200);
      await agent().post('/v1/api/auth/logout').set(candidat.auth).expect(401);
    });
  });

  describe('expiry (ManualClock)', () => {
    it('refuses an access token after 15 minutes', async () => {
      const clock = new ManualClock();
      const api = agent({ clock });
      const { pair } = await loggedInRecruteur(api);
      clock.advance(14 * 60 * 1000);
      await me(pair.accessToken, api).expect(200);
      clock.advance(60 * 1000 + 1);
      const res = await me(pair.accessToken, api).expect(401);
      expect(res.body.error.code).to.equal('TOKEN_EXPIRED');
      // The refresh token still gives a new pair.
      const renewed = await refresh(pair.refreshToken, api).expect(200);
      await me(renewed.body.accessToken, api).expect(200);
    });

    it('refuses a refresh token after 7 days', async () => {
      const clock = new ManualClock();
      const api = agent({ clock });
      const { pair } = await loggedInRecruteur(api);
      clock.advance(7 * 24 * 3600 * 1000 - 60 * 1000);
      const almost = await refresh(pair.refreshToken, api).expect(200);
      clock.advance(7 * 24 * 3600 * 1000 + 1000);
      await refresh(almost.body.refreshToken, api).expect(401);
    });
  });
});
