/**
 * What the API processes cache stays within its stated bound, with two `recrutement serve`
 * processes on one database and no read-through (the production settings):
 * - reference data: a sector added or renamed on instance A (or by a hand-written UPDATE) is
 *   served by instance B within 2 s, and by A at once;
 * - tokens: a token logged out on A is refused by A at once and by B within 1 s, though B had just
 *   accepted it (and kept the lookup); so is the login of a refresh token replayed on A (reuse
 *   detection); a recruiter suspended by an administrator is refused by both within 1 s.
 * Each check asks every 20 ms and requires that no request sent after the bound saw the old state.
 */
import { expect } from 'chai';
import { testDb } from '../helpers/env.ts';
import { createAdmin, createCandidat, createRecruteur } from '../helpers/factories.ts';
import { call } from '../helpers/http-call.ts';
import { startApiProcess, stopAllProcesses, type ApiProcess } from '../helpers/processes.ts';
import { unique } from '../helpers/unique.ts';

const REFERENCE_BOUND_MS = 2000;
const TOKEN_BOUND_MS = 1000;

/**
 * Asks `probe` every 20 ms from `since` until it holds; fails if a request sent more than
 * `boundMs` after `since` still saw the old state. Returns how long it took.
 */
async function seenWithin(since: number, boundMs: number, probe: () => Promise<boolean>): Promise<number> {
  for (;;) {
    const sent = performance.now();
    if (await probe()) return Math.round(sent - since);
    expect(sent - since, 'a request sent after the bound still saw the old state').to.be.at.most(boundMs);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function sectorNames(api: ApiProcess): Promise<string[]> {
  // Uncompressed, so that the instance replays its answers (ANSWER_REPLAY_MS) as it does for such
  // clients: the bound holds with them.
  const res = await call(api.url, 'GET', '/v1/api/reference/secteurs-activite', {
    headers: { 'Accept-Encoding': 'identity' },
  });
  expect(res.status).to.equal(200);
  return (res.body!.data as { nom: string }[]).map((s) => s.nom);
}

async function status(api: ApiProcess, path: string, token: string): Promise<number> {
  return (await call(api.url, 'GET', path, { token })).status;
}

describe('Caches of two API processes stay within their bounds', function () {
  this.timeout(300_000);
  let a: ApiProcess;
  let b: ApiProcess;
  const delays: string[] = [];

  before(async () => {
    [a, b] = await Promise.all([startApiProcess('cache-a'), startApiProcess('cache-b')]);
  });

  after(async () => {
    await stopAllProcesses();
    if (delays.length) console.log(`      seen on the other instance after: ${delays.join(', ')}`);
  });

  it('a sector added on A is served by A at once and by B within 2 s', async () => {
    const admin = await createAdmin();
    // Both instances hold the list in their caches.
    await sectorNames(a);
    await sectorNames(b);
    const nom = unique('Secteur frais');
    const created = await call(a.url, 'POST', '/v1/api/admin/reference/sectors', {
      token: admin.token,
      body: { nom },
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    const since = performance.now();
    expect(await sectorNames(a)).to.include(nom);
    const ms = await seenWithin(since, REFERENCE_BOUND_MS, async () => (await sectorNames(b)).includes(nom));
    delays.push(`sector added ${ms} ms`);
  });

  it('a sector renamed by a hand-written UPDATE is served by both instances within 2 s', async () => {
    const nom = unique('Secteur avant');
    const [id] = await testDb()('secteursActivite').insert({ nom });
    for (const api of [a, b])
      await seenWithin(performance.now(), REFERENCE_BOUND_MS, async () =>
        (await sectorNames(api)).includes(nom),
      );
    const renamed = unique('Secteur après');
    await testDb()('secteursActivite').where({ id }).update({ nom: renamed });
    const since = performance.now();
    for (const api of [a, b]) {
      const ms = await seenWithin(since, REFERENCE_BOUND_MS, async () =>
        (await sectorNames(api)).includes(renamed),
      );
      delays.push(`sector renamed in the database (${api.name}) ${ms} ms`);
    }
  });

  it('a token logged out on A is refused by A at once and by B within 1 s', async () => {
    const candidat = await createCandidat();
    // B has just accepted the token, so its lookup is kept.
    expect(await status(a, '/v1/api/candidats/me', candidat.token)).to.equal(200);
    expect(await status(b, '/v1/api/candidats/me', candidat.token)).to.equal(200);
    const out = await call(a.url, 'POST', '/v1/api/auth/logout', { token: candidat.token });
    expect(out.status, JSON.stringify(out.body)).to.equal(200);
    const since = performance.now();
    expect(await status(a, '/v1/api/candidats/me', candidat.token)).to.equal(401);
    const ms = await seenWithin(
      since,
      TOKEN_BOUND_MS,
      async () => (await status(b, '/v1/api/candidats/me', candidat.token)) === 401,
    );
    delays.push(`logout ${ms} ms`);
  });

  it('a refresh token replayed on A: its login is refused by A at once and by B within 1 s', async () => {
    const candidat = await createCandidat();
    const rotated = await call(a.url, 'POST', '/v1/api/auth/refresh-token', {
      body: { refreshToken: candidat.refreshToken },
    });
    expect(rotated.status, JSON.stringify(rotated.body)).to.equal(200);
    const accessToken = rotated.body!.accessToken as string;
    // Both instances have just accepted the new access token, so both keep the lookup.
    for (const api of [a, b]) expect(await status(api, '/v1/api/candidats/me', accessToken)).to.equal(200);
    const replay = await call(a.url, 'POST', '/v1/api/auth/refresh-token', {
      body: { refreshToken: candidat.refreshToken },
    });
    expect(replay.status).to.equal(401);
    expect(replay.body!.error).to.include({ code: 'TOKEN_REVOKED' });
    const since = performance.now();
    expect(await status(a, '/v1/api/candidats/me', accessToken)).to.equal(401);
    const ms = await seenWithin(
      since,
      TOKEN_BOUND_MS,
      async () => (await status(b, '/v1/api/candidats/me', accessToken)) === 401,
    );
    delays.push(`refresh-token reuse ${ms} ms`);
  });

  it('a recruiter suspended by an administrator on A has its token refused by both within 1 s', async () => {
    const recruteur = await createRecruteur();
    const admin = await createAdmin();
    for (const api of [a, b])
      expect(await status(api, '/v1/api/recruiters/me', recruteur.token)).to.equal(200);
    const suspended = await call(a.url, 'POST', `/v1/api/admin/recruiters/${recruteur.id}/suspend`, {
      token: admin.token,
      body: { reason: 'Documents falsifiés' },
    });
    expect(suspended.status, JSON.stringify(suspended.body)).to.equal(200);
    const since = performance.now();
    for (const api of [a, b]) {
      const ms = await seenWithin(
        since,
        TOKEN_BOUND_MS,
        async () => (await status(api, '/v1/api/recruiters/me', recruteur.token)) === 401,
      );
      delays.push(`suspension (${api.name}) ${ms} ms`);
    }
  });
});
