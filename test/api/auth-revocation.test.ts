/**
 * Refresh-token reuse revokes at once, like a logout: the instance that detected the reuse
 * refuses the login's newer access token on the next request, and every other instance within
 * 1 s. The apps here keep token lookups as production does (CACHE_SYNC_ON_READ off, which the
 * test configuration turns on), so what is shown is the real cache:
 * - one instance: login, refresh, the old refresh token again (refused), then the new access
 *   token is 401 TOKEN_REVOKED at once, though that instance had just kept its lookup;
 * - two instances, with a clock the test moves for their caches: the other instance still serves
 *   its kept lookup, and refuses the token once 1 s has passed since that lookup started;
 * - two instances on real time: every request sent to the other instance more than 1 s after the
 *   reuse was refused is refused (asked every 20 ms, no fixed sleep).
 */
import { expect } from 'chai';
import supertest from 'supertest';
import { createApp } from '../../api/app.ts';
import { createProcessCaches } from '../../api/process-caches.ts';
import { AccessTokenCache, TOKEN_CACHE_MS } from '../../domain/auth/access-token-cache.ts';
import { recordAnswerMismatch } from '../helpers/answer-mismatches.ts';
import { testDeps } from '../helpers/env.ts';
import { createCandidat, DEFAULT_PASSWORD, type TestAccount } from '../helpers/factories.ts';

interface Pair {
  accessToken: string;
  refreshToken: string;
}

type Api = ReturnType<typeof supertest>;

/** An API instance of its own (its own caches) on the run's database, keeping token lookups. */
function instance(monotonicNow?: () => number): Api {
  const deps = testDeps({ config: { cacheSyncOnRead: false } });
  const caches = createProcessCaches(deps);
  if (monotonicNow) caches.tokens = new AccessTokenCache(deps.db, { syncOnRead: false, monotonicNow });
  return supertest(createApp({ ...deps, caches }, { onAnswerMismatch: recordAnswerMismatch }).app.callback());
}

const me = (api: Api, token: string) =>
  api.get('/v1/api/candidats/me').set('Authorization', `Bearer ${token}`);
const refresh = (api: Api, refreshToken: string) =>
  api.post('/v1/api/auth/refresh-token').send({ refreshToken });

/** Rotates the candidate's refresh token on `api`, then replays the old one there (reuse: 401 TOKEN_REVOKED). */
async function rotateThenReplay(api: Api, account: TestAccount, onRotated?: (pair: Pair) => Promise<void>) {
  const rotated = (await refresh(api, account.refreshToken).expect(200)).body as Pair;
  await onRotated?.(rotated);
  const replay = await refresh(api, account.refreshToken).expect(401);
  expect(replay.body.error.code).to.equal('TOKEN_REVOKED');
  return rotated;
}

describe('Refresh-token reuse revokes at once (kept token lookups, as in production)', () => {
  it('one instance: after the old refresh token is replayed, the new access token is 401 at once', async () => {
    const api = instance();
    const candidat = await createCandidat();
    const login = await api
      .post('/v1/api/auth/login')
      .send({ email: candidat.email, password: DEFAULT_PASSWORD })
      .expect(200);
    const first = login.body as Pair;
    const rotated = (await refresh(api, first.refreshToken).expect(200)).body as Pair;
    // This instance accepts the new access token and keeps the lookup (1 s).
    await me(api, rotated.accessToken).expect(200);
    await me(api, rotated.accessToken).expect(200);

    const replay = await refresh(api, first.refreshToken).expect(401);
    expect(replay.body.error.code).to.equal('TOKEN_REVOKED');
    expect(replay.headers['www-authenticate']).to.match(/^Bearer error="invalid_token", error_description="/);

    // The very next request, well within the second the lookup would have been kept.
    const refused = await me(api, rotated.accessToken).expect(401);
    expect(refused.body.error.code).to.equal('TOKEN_REVOKED');
    expect(refused.headers['www-authenticate']).to.equal(
      'Bearer error="invalid_token", error_description="The access token was revoked"',
    );
    await refresh(api, rotated.refreshToken).expect(401);
    await me(api, first.accessToken).expect(401);
  });

  it('one instance: a lookup under way when the reuse is detected is not kept', async () => {
    // The lookup of the new access token and the replay race; whatever the order, the token is
    // refused by the next request after the replay's answer.
    const api = instance();
    const candidat = await createCandidat();
    let lookups: Promise<unknown> = Promise.resolve();
    const rotated = await rotateThenReplay(api, candidat, async (pair) => {
      // Sent, not awaited: first lookups of the token, in flight while the replay is served.
      lookups = Promise.all(Array.from({ length: 5 }, () => me(api, pair.accessToken).then((r) => r)));
    });
    await lookups;
    const refused = await me(api, rotated.accessToken).expect(401);
    expect(refused.body.error.code).to.equal('TOKEN_REVOKED');
  });

  it('two instances, a clock the test moves: B serves its kept lookup, and refuses once 1 s has passed', async () => {
    let nowMs = 0;
    const a = instance(() => nowMs);
    const b = instance(() => nowMs);
    const candidat = await createCandidat();
    const rotated = await rotateThenReplay(a, candidat, async (pair) => {
      // B accepts the new access token at 0 ms and keeps the lookup until 1000 ms.
      await me(b, pair.accessToken).expect(200);
      nowMs += 10;
    });
    // A detected the reuse: refused there at once.
    expect((await me(a, rotated.accessToken).expect(401)).body.error.code).to.equal('TOKEN_REVOKED');
    // B still answers from its lookup (this is the cache at work, not a read-through)...
    nowMs = TOKEN_CACHE_MS - 1;
    await me(b, rotated.accessToken).expect(200);
    // ...and asks again once the lookup is 1 s old: refused.
    nowMs = TOKEN_CACHE_MS;
    const refused = await me(b, rotated.accessToken).expect(401);
    expect(refused.body.error.code).to.equal('TOKEN_REVOKED');
  });

  it('two instances, real time: B refuses every request sent more than 1 s after the reuse was refused', async () => {
    const a = instance();
    const b = instance();
    const candidat = await createCandidat();
    const rotated = await rotateThenReplay(a, candidat, async (pair) => {
      await me(b, pair.accessToken).expect(200);
    });
    const since = performance.now();
    expect((await me(a, rotated.accessToken).expect(401)).body.error.code).to.equal('TOKEN_REVOKED');
    for (;;) {
      const sent = performance.now();
      const res = await me(b, rotated.accessToken);
      if (res.status === 401) {
        expect(res.body.error.code).to.equal('TOKEN_REVOKED');
        break;
      }
      expect(res.status).to.equal(200);
      expect(sent - since, 'B accepted the token more than 1 s after the reuse').to.be.at.most(
        TOKEN_CACHE_MS,
      );
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});
