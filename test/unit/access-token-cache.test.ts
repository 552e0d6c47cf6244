/**
 * The process's token cache over a stand-in for the database (no MariaDB): what it keeps and for
 * how long, what a refusal says, and that forgetting an account also drops a lookup that was
 * under way at that moment (else it would bring the revoked token back for up to 1 s).
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { AccessTokenCache, TOKEN_CACHE_MS } from '../../domain/auth/access-token-cache.ts';
import type { AccessTokenStanding } from '../../domain/auth/revocation.ts';

interface Row {
  id: number;
  role: string;
  email: string;
  enabled: boolean;
  expiresAt: Date;
  revokedAt: Date | null;
}

const NOW = new Date('2026-11-25T10:00:00Z');
const LIVE: Row = {
  id: 7,
  role: 'CANDIDAT',
  email: 'aline@example.cm',
  enabled: true,
  expiresAt: new Date(NOW.getTime() + 60_000),
  revokedAt: null,
};

/** A knex stand-in for the one statement of accessTokenStanding; counts the statements asked. */
function fakeDb(answer: () => Promise<Row | undefined>): { db: Knex; asked: () => number } {
  let asked = 0;
  const builder = {
    join: () => builder,
    where: () => builder,
    first: () => {
      asked += 1;
      return answer();
    },
  };
  return { db: (() => builder) as unknown as Knex, asked: () => asked };
}

/** A standing with its refusal's reason in `lang` (the reason is worded in both languages). */
function inLanguage(standing: AccessTokenStanding, lang: 'fr' | 'en' = 'en'): unknown {
  if (!('refusal' in standing)) return standing;
  const { code, reason } = standing.refusal;
  return { refusal: { code, reason: typeof reason === 'string' ? reason : reason(lang) } };
}

describe('Access token cache (unit)', () => {
  let now = 0;
  const cacheOver = (db: Knex) => new AccessTokenCache(db, { syncOnRead: false, monotonicNow: () => now });
  beforeEach(() => {
    now = 0;
  });

  it('keeps a live answer for 1 s from the moment its lookup started', async () => {
    const { db, asked } = fakeDb(async () => LIVE);
    const cache = cacheOver(db);
    expect(await cache.lookup('j1', 7, NOW)).to.deep.equal({
      account: { id: 7, role: 'CANDIDAT', email: 'aline@example.cm' },
    });
    now = TOKEN_CACHE_MS - 1;
    await cache.lookup('j1', 7, NOW);
    expect(asked()).to.equal(1);
    now = TOKEN_CACHE_MS;
    await cache.lookup('j1', 7, NOW);
    expect(asked()).to.equal(2);
  });

  it('never keeps a refusal, and says why: expired, revoked, disabled, no longer on record', async () => {
    const cases: [Row | undefined, string, string][] = [
      [{ ...LIVE, expiresAt: NOW }, 'TOKEN_EXPIRED', 'The access token expired: refresh it or sign in again'],
      [{ ...LIVE, revokedAt: NOW }, 'TOKEN_REVOKED', 'The access token was revoked'],
      [{ ...LIVE, enabled: false }, 'TOKEN_REVOKED', 'The account of this access token is disabled'],
      [undefined, 'TOKEN_REVOKED', 'The access token is no longer on record (its account was erased)'],
    ];
    for (const [row, code, reason] of cases) {
      const { db, asked } = fakeDb(async () => row);
      const cache = cacheOver(db);
      expect(inLanguage(await cache.lookup('j1', 7, NOW))).to.deep.equal({ refusal: { code, reason } });
      await cache.lookup('j1', 7, NOW);
      expect(asked(), code).to.equal(2);
    }
  });

  it('asks again at once after evictAccount, for that account only', async () => {
    const { db, asked } = fakeDb(async () => LIVE);
    const cache = cacheOver(db);
    await cache.lookup('j1', 7, NOW);
    await cache.lookup('j2', 8, NOW);
    cache.evictAccount(7);
    now = 1;
    await cache.lookup('j1', 7, NOW);
    await cache.lookup('j2', 8, NOW);
    expect(asked()).to.equal(3);
    // The new lookup, started after the eviction, is kept.
    await cache.lookup('j1', 7, NOW);
    expect(asked()).to.equal(3);
  });

  it('does not keep a lookup that was under way when its account was forgotten', async () => {
    let release: (row: Row) => void = () => undefined;
    const { db, asked } = fakeDb(() => new Promise<Row>((resolve) => (release = resolve)));
    const cache = cacheOver(db);
    const inFlight = cache.lookup('j1', 7, NOW);
    // The revocation commits and this process forgets the account; the old answer arrives after.
    now = 5;
    cache.evictAccount(7);
    release(LIVE);
    expect(await inFlight).to.have.property('account');
    const again = cache.lookup('j1', 7, NOW);
    release({ ...LIVE, revokedAt: NOW });
    const revoked = await again;
    expect(inLanguage(revoked)).to.deep.equal({
      refusal: { code: 'TOKEN_REVOKED', reason: 'The access token was revoked' },
    });
    expect(inLanguage(revoked, 'fr')).to.deep.equal({
      refusal: { code: 'TOKEN_REVOKED', reason: 'Le jeton d’accès a été révoqué' },
    });
    expect(asked()).to.equal(2);
  });

  it('keeps nothing with syncOnRead', async () => {
    const { db, asked } = fakeDb(async () => LIVE);
    const cache = new AccessTokenCache(db, { syncOnRead: true, monotonicNow: () => now });
    await cache.lookup('j1', 7, NOW);
    await cache.lookup('j1', 7, NOW);
    expect(asked()).to.equal(2);
  });
});
