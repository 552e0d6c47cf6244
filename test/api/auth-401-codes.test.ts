/**
 * Every 401 of authentication says what happened (RFC 6750): `error.code` is TOKEN_MISSING,
 * TOKEN_EXPIRED, TOKEN_INVALID or TOKEN_REVOKED, and WWW-Authenticate carries the challenge:
 * `Bearer realm="recrutement"` alone when no token was sent, else `Bearer error="invalid_token",
 * error_description="..."`. The refresh endpoint answers the same way for its refresh token. A
 * wrong password stays INVALID_CREDENTIALS, with no challenge; a public route ignores a bad token.
 */
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import type { Response } from 'supertest';
import { agent } from '../helpers/app.ts';
import { testDb, testEnv } from '../helpers/env.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createAdmin, createCandidat, DEFAULT_PASSWORD } from '../helpers/factories.ts';

const ME = '/v1/api/candidats/me';
const asBearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function expectTokenError(res: Response, code: string, description?: string): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(401);
  expect(res.body).to.include({ success: false, data: null });
  expect(res.body.error.code).to.equal(code);
  const challenge = res.headers['www-authenticate'] as string | undefined;
  if (code === 'TOKEN_MISSING') {
    expect(challenge).to.equal('Bearer realm="recrutement"');
    return;
  }
  expect(challenge).to.match(
    /^Bearer error="invalid_token", error_description="[\x20-\x21\x23-\x5b\x5d-\x7e]+"$/,
  );
  if (description) expect(challenge).to.include(`error_description="${description}"`);
}

/** The claims of `token`, changed and signed again with the test secret (or another one). */
function resign(
  token: string,
  changes: Record<string, unknown>,
  secret = testEnv().config.jwtSecret,
): string {
  const claims = jwt.decode(token) as Record<string, unknown>;
  return jwt.sign({ ...claims, ...changes }, secret, { algorithm: 'HS256' });
}

describe('401 answers say what happened (RFC 6750)', () => {
  describe('TOKEN_MISSING', () => {
    it('no Authorization header, or one that is not Bearer: the challenge is the realm alone', async () => {
      expectTokenError(await agent().get(ME), 'TOKEN_MISSING');
      expectTokenError(await agent().get(ME).set('Authorization', 'Basic YWxpbmU6c2VjcmV0'), 'TOKEN_MISSING');
      expectTokenError(await agent().post('/v1/api/auth/logout').send({}), 'TOKEN_MISSING');
    });

    it('the message is what the route said, in the answer’s language', async () => {
      const fr = await agent().get(ME);
      expect(fr.body.error.message).to.equal('Un jeton d’accès valide est requis');
      expect(fr.body.error.details).to.equal('Un jeton d’accès valide est requis');
      const en = await agent().get(ME).set('Accept-Language', 'en');
      expect(en.body.error.message).to.equal('A valid access token is required');
      expect(en.body.error.details).to.equal('A valid access token is required');
    });
  });

  describe('TOKEN_EXPIRED', () => {
    it('an access token past its 15 minutes', async () => {
      const clock = new ManualClock();
      const candidat = await createCandidat();
      clock.advance(15 * 60 * 1000 + 1000);
      const res = await agent({ clock }).get(ME).set(candidat.auth).set('Accept-Language', 'en');
      expectTokenError(res, 'TOKEN_EXPIRED', 'The access token expired: refresh it or sign in again');
      expect(res.body.error.message).to.equal('The access token expired: refresh it or sign in again');
      // The challenge stays in plain English; the envelope speaks the caller's language.
      const fr = await agent({ clock }).get(ME).set(candidat.auth);
      expectTokenError(fr, 'TOKEN_EXPIRED', 'The access token expired: refresh it or sign in again');
      expect(fr.body.error.message).to.equal('Le jeton d’accès a expiré : renouvelez-le ou reconnectez-vous');
    });

    it('a token whose exp has passed, signed correctly', async () => {
      const candidat = await createCandidat();
      const past = Math.floor(Date.now() / 1000) - 60;
      const expired = resign(candidat.token, { iat: past - 900, exp: past });
      expectTokenError(
        await agent().get(ME).set(asBearer(expired)),
        'TOKEN_EXPIRED',
        'The access token expired: refresh it or sign in again',
      );
    });

    it('a refresh token past its 7 days', async () => {
      const clock = new ManualClock();
      const candidat = await createCandidat();
      clock.advance(7 * 24 * 3600 * 1000 + 1000);
      const res = await agent({ clock })
        .post('/v1/api/auth/refresh-token')
        .send({ refreshToken: candidat.refreshToken });
      expectTokenError(res, 'TOKEN_EXPIRED', 'The refresh token expired: sign in again');
    });
  });

  describe('TOKEN_INVALID', () => {
    it('a bad signature, another secret, garbage, a malformed header, alg none', async () => {
      const candidat = await createCandidat();
      const [h, p] = candidat.token.split('.');
      const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
      for (const token of [
        `${h}.${p}.${'A'.repeat(43)}`,
        resign(candidat.token, {}, 'another-secret-another-secret-another'),
        'not-a-token',
        unsigned,
      ])
        expectTokenError(
          await agent().get(ME).set(asBearer(token)),
          'TOKEN_INVALID',
          'The access token is malformed or its signature is invalid',
        );
      expectTokenError(
        await agent().get(ME).set('Authorization', `Bearer ${candidat.token} extra`),
        'TOKEN_INVALID',
        'The Authorization header is not Bearer followed by one token',
      );
    });

    it('a refresh token used as an access token, and an access token used as a refresh token', async () => {
      const candidat = await createCandidat();
      expectTokenError(
        await agent().get(ME).set(asBearer(candidat.refreshToken)),
        'TOKEN_INVALID',
        'This is not an access token',
      );
      expectTokenError(
        await agent().post('/v1/api/auth/refresh-token').send({ refreshToken: candidat.token }),
        'TOKEN_INVALID',
        'This is not a refresh token',
      );
      expectTokenError(
        await agent().post('/v1/api/auth/refresh-token').send({ refreshToken: 'not-a-token' }),
        'TOKEN_INVALID',
      );
      // The refusals above spent nothing: both tokens still work for what they are.
      await agent().get(ME).set(candidat.auth).expect(200);
      await agent()
        .post('/v1/api/auth/refresh-token')
        .send({ refreshToken: candidat.refreshToken })
        .expect(200);
    });
  });

  describe('TOKEN_REVOKED', () => {
    it('a logged-out access token and its refresh token', async () => {
      const candidat = await createCandidat();
      await agent().post('/v1/api/auth/logout').set(candidat.auth).send({}).expect(200);
      expectTokenError(
        await agent().get(ME).set(candidat.auth),
        'TOKEN_REVOKED',
        'The access token was revoked',
      );
      expectTokenError(
        await agent().post('/v1/api/auth/logout').set(candidat.auth).send({}),
        'TOKEN_REVOKED',
        'The access token was revoked',
      );
      expectTokenError(
        await agent().post('/v1/api/auth/refresh-token').send({ refreshToken: candidat.refreshToken }),
        'TOKEN_REVOKED',
        'The refresh token was revoked',
      );
    });

    it('every token of a login whose old refresh token was replayed', async () => {
      const candidat = await createCandidat();
      const api = agent();
      const rotated = await api
        .post('/v1/api/auth/refresh-token')
        .send({ refreshToken: candidat.refreshToken })
        .expect(200);
      const replayed = await api
        .post('/v1/api/auth/refresh-token')
        .send({ refreshToken: candidat.refreshToken });
      expectTokenError(
        replayed,
        'TOKEN_REVOKED',
        'The refresh token was already used: every token of its login is revoked',
      );
      expect(replayed.body.error.message).to.equal(
        'Le jeton de rafraîchissement a déjà servi : tous les jetons de cette connexion sont révoqués',
      );
      expectTokenError(await api.get(ME).set(asBearer(rotated.body.accessToken)), 'TOKEN_REVOKED');
      expectTokenError(await api.get(ME).set(candidat.auth), 'TOKEN_REVOKED');
    });

    it('the tokens of a disabled account, and of an account whose role changed', async () => {
      const candidat = await createCandidat();
      await testDb()('accounts').where({ id: candidat.id }).update({ enabled: false });
      expectTokenError(
        await agent().get(ME).set(candidat.auth),
        'TOKEN_REVOKED',
        'The account of this access token is disabled',
      );
      const admin = await createAdmin();
      await testDb()('accounts').where({ id: admin.id }).update({ role: 'CANDIDAT' });
      expectTokenError(
        await agent().get('/v1/api/admin/dashboard/stats').set(admin.auth),
        'TOKEN_REVOKED',
        'The role of the account changed since the access token was issued',
      );
    });
  });

  describe('what stays as it was', () => {
    it('a wrong password is 401 INVALID_CREDENTIALS, with no challenge', async () => {
      const candidat = await createCandidat();
      const res = await agent()
        .post('/v1/api/auth/login')
        .send({ email: candidat.email, password: `${DEFAULT_PASSWORD}-wrong` })
        .expect(401);
      expect(res.body.error.code).to.equal('INVALID_CREDENTIALS');
      expect(res.headers['www-authenticate']).to.equal(undefined);
    });

    it('a public route answers whatever token is sent', async () => {
      await agent().get('/v1/api/regions').set(asBearer('not-a-token')).expect(200);
    });

    it('a role that is not allowed is still 403 FORBIDDEN, with no challenge', async () => {
      const candidat = await createCandidat();
      const res = await agent().get('/v1/api/admin/dashboard/stats').set(candidat.auth).expect(403);
      expect(res.body.error.code).to.equal('FORBIDDEN');
      expect(res.headers['www-authenticate']).to.equal(undefined);
      expect(res.body.error.message).to.equal('Votre rôle ne permet pas cette opération');
      const en = await agent()
        .get('/v1/api/admin/dashboard/stats')
        .set(candidat.auth)
        .set('Accept-Language', 'en')
        .expect(403);
      expect(en.body.error.message).to.equal('Your role does not allow this operation');
    });
  });

  it('the OpenAPI document lists the codes of a 401 and its WWW-Authenticate header', async () => {
    const doc = (await agent().get('/v1/api/openapi.json').expect(200)).body;
    const unauthorized = doc.components.schemas.Unauthorized;
    expect(unauthorized.properties.error.properties.code.enum).to.deep.equal([
      'TOKEN_MISSING',
      'TOKEN_EXPIRED',
      'TOKEN_INVALID',
      'TOKEN_REVOKED',
      'INVALID_CREDENTIALS',
    ]);
    const me = doc.paths['/v1/api/candidats/me'].get.responses['401'];
    expect(me.content['application/json'].schema).to.deep.equal({
      $ref: '#/components/schemas/Unauthorized',
    });
    expect(me.headers['WWW-Authenticate'].description).to.include('invalid_token');
    for (const code of ['TOKEN_MISSING', 'TOKEN_EXPIRED', 'TOKEN_INVALID', 'TOKEN_REVOKED'])
      expect(me.description).to.include(code);
    const refresh = doc.paths['/v1/api/auth/refresh-token'].post.responses['401'];
    expect(refresh.description).to.include('TOKEN_REVOKED');
    const login = doc.paths['/v1/api/auth/login'].post.responses['401'];
    expect(login.description).to.equal('INVALID_CREDENTIALS');
  });
});
