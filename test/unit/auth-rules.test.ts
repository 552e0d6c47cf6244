/**
 * Sign-in tokens: how long each lasts, what makes a refresh token acceptable, which bearer tokens
 * are refused before any look-up, and the lifetimes of the one-time links sent by email.
 */
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from '../../domain/auth/token-claims.ts';
import { readRefreshToken } from '../../domain/auth/refresh-token-claims.ts';
import { verifyAccessToken, type VerifiedToken } from '../../domain/auth/verify-access-token.ts';
import type { TokenRefusal } from '../../domain/auth/revocation.ts';
import { tokenKey } from '../../domain/auth/token-key.ts';
import type { AccessTokenCache } from '../../domain/auth/access-token-cache.ts';
import { hashToken } from '../../domain/auth/one-time-tokens.ts';
import { PASSWORD_RESET_TTL_MS, RESETS_PER_DAY, RESETS_PER_HOUR } from '../../domain/auth/forgot-password.ts';
import { EMAIL_VALIDATION_TTL_MS } from '../../domain/auth/send-email-validation.ts';
import { TokenError } from '../../domain/errors.ts';
import type { Ctx } from '../../domain/context.ts';

const SECRET = 'unit-test-secret-of-32-characters!';
const NOW = new Date('2026-11-25T10:00:00Z');
const iat = Math.floor(NOW.getTime() / 1000);
const ctxAt = (now: Date) => ({ config: { jwtSecret: SECRET }, clock: { now: () => now } }) as unknown as Ctx;

const refresh = (claims: Record<string, unknown> = {}, secret = SECRET) =>
  jwt.sign(
    { sub: '7', jti: 'r1', fam: 'f1', typ: 'refresh', iat, exp: iat + REFRESH_TOKEN_SECONDS, ...claims },
    secret,
    { algorithm: 'HS256' },
  );

/** A verification's answer with its refusal's reason in `lang` (the reason is worded in both languages). */
function inLanguage(answer: VerifiedToken | { refusal: TokenRefusal }, lang: 'fr' | 'en' = 'en'): unknown {
  if (!('refusal' in answer)) return answer;
  const { code, reason } = answer.refusal;
  return { refusal: { code, reason: typeof reason === 'string' ? reason : reason(lang) } };
}

function tokenErrorOf(run: () => unknown): TokenError {
  try {
    run();
  } catch (err) {
    expect(err).to.be.instanceOf(TokenError);
    return err as TokenError;
  }
  throw new Error('accepted');
}

describe('Token lifetimes (unit)', () => {
  it('an access token lasts 15 minutes, a refresh token 7 days', () => {
    expect(ACCESS_TOKEN_SECONDS).to.equal(900);
    expect(REFRESH_TOKEN_SECONDS).to.equal(604_800);
  });

  it('a password reset link lasts 1 hour (3 an hour, 10 a day), an email validation link 48 hours', () => {
    expect(PASSWORD_RESET_TTL_MS).to.equal(3_600_000);
    expect([RESETS_PER_HOUR, RESETS_PER_DAY]).to.deep.equal([3, 10]);
    expect(EMAIL_VALIDATION_TTL_MS).to.equal(172_800_000);
  });

  it('a one-time link token is kept only as its SHA-256', () => {
    expect(hashToken('abc')).to.equal(createHash('sha256').update('abc').digest('hex'));
  });
});

describe('Refresh tokens (unit)', () => {
  it('a refresh token of ours, unexpired, gives its account, id and family', () => {
    expect(readRefreshToken(ctxAt(NOW), refresh())).to.include({
      sub: '7',
      jti: 'r1',
      fam: 'f1',
      typ: 'refresh',
    });
  });

  it('is still accepted in its last second, and expired from its exp on (by the platform’s clock)', () => {
    const lastSecond = new Date((iat + REFRESH_TOKEN_SECONDS - 1) * 1000);
    expect(readRefreshToken(ctxAt(lastSecond), refresh()).jti).to.equal('r1');
    const atExp = new Date((iat + REFRESH_TOKEN_SECONDS) * 1000);
    expect(tokenErrorOf(() => readRefreshToken(ctxAt(atExp), refresh())).code).to.equal('TOKEN_EXPIRED');
  });

  it('an expired token can still be read when asked (logout of an old session)', () => {
    const later = new Date(NOW.getTime() + 30 * 86_400_000);
    expect(readRefreshToken(ctxAt(later), refresh(), { ignoreExpiration: true }).jti).to.equal('r1');
  });

  it('another signature, or an access token, is invalid', () => {
    expect(tokenErrorOf(() => readRefreshToken(ctxAt(NOW), refresh({}, 'another-secret'))).code).to.equal(
      'TOKEN_INVALID',
    );
    const err = tokenErrorOf(() => readRefreshToken(ctxAt(NOW), refresh({ typ: 'access' })));
    expect([err.code, err.message]).to.deep.equal(['TOKEN_INVALID', 'This is not a refresh token']);
    expect(err.wording?.('fr')).to.equal('Ce jeton n’est pas un jeton de rafraîchissement');
    expect(tokenErrorOf(() => readRefreshToken(ctxAt(NOW), refresh({ fam: undefined }))).code).to.equal(
      'TOKEN_INVALID',
    );
    expect(tokenErrorOf(() => readRefreshToken(ctxAt(NOW), 'not.a.jwt')).code).to.equal('TOKEN_INVALID');
  });
});

describe('Access tokens refused before any look-up (unit)', () => {
  // The token cache is reached only for a well-signed access token; these refusals never ask it.
  let asked = 0;
  const tokens = {
    lookup: () => {
      asked += 1;
      throw new Error('not expected');
    },
  } as unknown as AccessTokenCache;
  const access = (claims: Record<string, unknown> = {}, secret = SECRET) =>
    jwt.sign(
      {
        sub: '7',
        role: 'CANDIDAT',
        email: 'a@b.cm',
        jti: 'a1',
        fam: 'f1',
        typ: 'access',
        iat,
        exp: iat + 900,
        ...claims,
      },
      secret,
      { algorithm: 'HS256' },
    );

  it('a bad signature or a malformed token is invalid; a token past its 15 minutes is expired', async () => {
    const key = tokenKey(SECRET);
    const badSignature = await verifyAccessToken(access({}, 'other-secret'), key, tokens, NOW);
    expect(inLanguage(badSignature)).to.deep.equal({
      refusal: { code: 'TOKEN_INVALID', reason: 'The access token is malformed or its signature is invalid' },
    });
    expect(inLanguage(badSignature, 'fr')).to.deep.equal({
      refusal: {
        code: 'TOKEN_INVALID',
        reason: 'Le jeton d’accès est mal formé ou sa signature est invalide',
      },
    });
    expect(await verifyAccessToken('garbage', key, tokens, NOW)).to.have.nested.property(
      'refusal.code',
      'TOKEN_INVALID',
    );
    const later = new Date((iat + 900) * 1000);
    expect(inLanguage(await verifyAccessToken(access(), key, tokens, later))).to.deep.equal({
      refusal: { code: 'TOKEN_EXPIRED', reason: 'The access token expired: refresh it or sign in again' },
    });
    expect(asked).to.equal(0);
  });

  it('a refresh token, or a token without a numeric account, is not an access token', async () => {
    const key = tokenKey(SECRET);
    const notAccess = { refusal: { code: 'TOKEN_INVALID', reason: 'This is not an access token' } };
    expect(inLanguage(await verifyAccessToken(refresh(), key, tokens, NOW))).to.deep.equal(notAccess);
    expect(inLanguage(await verifyAccessToken(access({ sub: 'admin' }), key, tokens, NOW))).to.deep.equal(
      notAccess,
    );
    expect(inLanguage(await verifyAccessToken(access({ jti: 5 }), key, tokens, NOW))).to.deep.equal(
      notAccess,
    );
    expect(asked).to.equal(0);
  });

  it('the secret becomes a key object once per process, which checks tokens signed with the secret itself', async () => {
    expect(tokenKey(SECRET)).to.equal(tokenKey(SECRET));
    expect(tokenKey(SECRET).type).to.equal('secret');
    expect(tokenKey('another-secret-another-secret-0123')).not.to.equal(tokenKey(SECRET));
    const signedWithKey = jwt.sign({ sub: '7' }, tokenKey(SECRET), { algorithm: 'HS256' });
    expect(jwt.verify(signedWithKey, SECRET, { algorithms: ['HS256'] })).to.include({ sub: '7' });
  });

  it('a token signed with another algorithm is refused', async () => {
    const hs512 = jwt.sign({ sub: '7', typ: 'access', jti: 'x' }, SECRET, { algorithm: 'HS512' });
    expect(await verifyAccessToken(hs512, tokenKey(SECRET), tokens, NOW)).to.have.nested.property(
      'refusal.code',
      'TOKEN_INVALID',
    );
  });
});
