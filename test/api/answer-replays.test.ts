/**
 * Answer replays (api/http/answer-replays.ts): an anonymous public GET is answered again from the
 * answer the routes gave to the same request, with the same status, headers and body, only its own
 * request id, rate-limit count and envelope timestamp; every replayed request is counted in its
 * route's limit; a token, a conditional header or another language goes through the routes; a
 * write through the process forgets every recorded answer, unless it changes no public answer
 * (a login, an application). Rate limiting on, no read-through
 * caches, as in production.
 */
import { Writable } from 'node:stream';
import { expect } from 'chai';
import supertest from 'supertest';
import { createApp } from '../../api/app.ts';
import { createProcessCaches } from '../../api/process-caches.ts';
import { AnswerReplays } from '../../api/http/answer-replays.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createLogger, type Logger } from '../../lib/logger.ts';
import { testDeps } from '../helpers/env.ts';
import { recordAnswerMismatch } from '../helpers/answer-mismatches.ts';
import { createAdmin, createCandidat, createOffre, createRecruteur } from '../helpers/factories.ts';
import { freshIp } from '../helpers/rate-limit-probe.ts';
import { unique } from '../helpers/unique.ts';

function replayingProcess(logger?: Logger) {
  const clock = new ManualClock();
  const given = testDeps({
    clock,
    config: { rateLimitEnabled: true, cacheSyncOnRead: false, searchSyncOnRead: false },
  });
  const base = logger ? { ...given, logger } : given;
  // A minute, so that no replay here expires on a slow machine; the default is ANSWER_REPLAY_MS.
  const caches = { ...createProcessCaches(base), replays: new AnswerReplays(60_000) };
  const app = createApp({ ...base, caches }, { onAnswerMismatch: recordAnswerMismatch }).app;
  const agent = supertest(app.callback());
  // Supertest listens on a new port for each request: one Host, as a deployment's clients send.
  const api = {
    get: (path: string) => agent.get(path).set('Host', 'api.recrutement.test'),
    post: (path: string) => agent.post(path).set('Host', 'api.recrutement.test'),
  };
  return { api, replays: caches.replays, clock };
}

/**
 * Headers that belong to one request, and the framing: the routes stream a compressed answer
 * (chunked), a replay sends its length.
 */
const OWN = [
  'x-request-id',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'date',
  'content-length',
  'transfer-encoding',
];

function sharedHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !OWN.includes(name)));
}

function withoutTimestamp(text: string): unknown {
  const { timestamp: _timestamp, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return rest;
}

describe('Answer replays', () => {
  it('answers the same request again with the same status, headers and body but its own id, count and timestamp', async () => {
    const { api, replays, clock } = replayingProcess();
    const recruteur = await createRecruteur();
    const offreId = await createOffre(recruteur, { titre: 'Comptable confirmé' });
    // Answers over 1 KB are compressed for a client that asks, and replayed compressed the same way.
    const variants: Record<string, string>[] = [
      { 'Accept-Encoding': 'gzip, deflate' },
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'identity', Origin: 'https://app.example.cm', 'Accept-Language': 'en' },
      { 'Accept-Encoding': 'identity', Accept: 'application/json', 'User-Agent': 'okhttp/4.12.0' },
    ];
    const paths = [
      '/v1/api/regions',
      '/v1/api/villes/search?q=yaou',
      `/v1/api/offres/${offreId}`,
      '/v1/api/reference/secteurs-activite',
    ];
    let compressed = 0;
    for (const path of paths)
      for (const headers of variants) {
        const client = freshIp();
        const first = await api.get(path).set(headers).set('X-Forwarded-For', client);
        expect(first.status, path).to.equal(200);
        const hits = replays.hits;
        clock.advance(1500);
        const again = await api.get(path).set(headers).set('X-Forwarded-For', client);
        expect(replays.hits, `${path} ${JSON.stringify(headers)} replayed`).to.equal(hits + 1);
        expect(again.status).to.equal(200);
        expect(sharedHeaders(again.headers)).to.deep.equal(sharedHeaders(first.headers));
        if (again.headers['content-encoding'] === 'gzip') compressed += 1;
        expect(again.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
        expect(again.headers['x-request-id']).to.not.equal(first.headers['x-request-id']);
        expect(Number(again.headers['x-ratelimit-remaining'])).to.equal(
          Number(first.headers['x-ratelimit-remaining']) - 1,
        );
        const body = JSON.parse(again.text) as { timestamp?: string };
        if (body.timestamp !== undefined) {
          expect(body.timestamp).to.equal(clock.now().toISOString());
          expect(withoutTimestamp(again.text)).to.deep.equal(withoutTimestamp(first.text));
        } else expect(again.text).to.equal(first.text);
      }
    // The offer and the sectors are over 1 KB: gzip for the variant that asks for it.
    expect(compressed).to.equal(2);
  });

  it('sends a request with a token, a conditional header or another language through the routes', async () => {
    const { api, replays } = replayingProcess();
    const client = freshIp();
    const ask = (path: string, headers: Record<string, string>) =>
      api.get(path).set('X-Forwarded-For', client).set(headers);
    const french = await ask('/v1/api/regions', {}).expect(200);
    const hits = replays.hits;
    const admin = await createAdmin();
    await ask('/v1/api/regions', { Authorization: `Bearer ${admin.token}` }).expect(200);
    await ask('/v1/api/regions', { 'If-None-Match': french.headers.etag as string }).expect(304);
    await ask('/v1/api/regions', { Cookie: 'a=b' }).expect(200);
    const english = await ask('/v1/api/regions', { 'Accept-Language': 'en' }).expect(200);
    expect(english.headers['content-language']).to.equal('en');
    expect(replays.hits).to.equal(hits);
  });

  it('counts every replayed request in the route’s limit, and the routes refuse the one past it', async () => {
    const { api, replays } = replayingProcess();
    const client = freshIp();
    const statuses: number[] = [];
    const remaining: number[] = [];
    const hits = replays.hits;
    // GET /regions counts in the standard category: 120 requests a minute.
    for (let i = 0; i < 122; i++) {
      const res = await api.get('/v1/api/regions').set('X-Forwarded-For', client);
      statuses.push(res.status);
      if (res.status === 200) remaining.push(Number(res.headers['x-ratelimit-remaining']));
    }
    expect(statuses.filter((s) => s === 200)).to.have.length(120);
    expect(statuses.slice(120)).to.deep.equal([429, 429]);
    expect(remaining).to.deep.equal(Array.from({ length: 120 }, (_, i) => 119 - i));
    expect(replays.hits - hits).to.equal(119);
    const refused = await api.get('/v1/api/regions').set('X-Forwarded-For', client).expect(429);
    expect(refused.headers['retry-after']).to.match(/^\d+$/);
    expect(refused.body).to.include({ status: 429, error: 'Too Many Requests' });
  });

  it('forgets every recorded answer after a write through the process', async () => {
    const { api, replays } = replayingProcess();
    const client = freshIp();
    const sectors = () =>
      api
        .get('/v1/api/reference/secteurs-activite')
        .set('X-Forwarded-For', client)
        .set('Accept-Encoding', 'identity');
    const before = await sectors();
    expect(before.status).to.equal(200);
    expect(replays.size).to.be.greaterThan(0);
    const admin = await createAdmin();
    const nom = `Apiculture ${unique()}`;
    await api
      .post('/v1/api/admin/reference/sectors')
      .set('X-Forwarded-For', client)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ nom })
      .expect(200);
    expect(replays.size).to.equal(0);
    const hits = replays.hits;
    const after = await sectors();
    expect(replays.hits).to.equal(hits);
    expect((after.body.data as { nom: string }[]).map((s) => s.nom)).to.include(nom);
    // A refused write changes nothing: what was recorded stays.
    await api.get('/v1/api/regions').set('X-Forwarded-For', client).expect(200);
    await api
      .post('/v1/api/admin/reference/sectors')
      .set('X-Forwarded-For', client)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ nom, unknown: 1 })
      .expect(400);
    expect(replays.size).to.be.greaterThan(0);
  });

  it('keeps them after a write that changes no public answer: a login, a token refresh, an application and its steps', async () => {
    const { api, replays } = replayingProcess();
    const client = freshIp();
    const regions = () =>
      api.get('/v1/api/regions').set('X-Forwarded-For', client).set('Accept-Encoding', 'identity');
    await regions().expect(200);
    const recorded = replays.size;
    expect(recorded).to.be.greaterThan(0);
    const recruteur = await createRecruteur();
    const offreId = await createOffre(recruteur);
    const candidat = await createCandidat();
    const login = await api
      .post('/v1/api/auth/login')
      .set('X-Forwarded-For', client)
      .send({ email: candidat.email, password: candidat.password })
      .expect(200);
    const refreshed = await api
      .post('/v1/api/auth/refresh-token')
      .set('X-Forwarded-For', client)
      .send({ refreshToken: login.body.refreshToken })
      .expect(200);
    const applied = await api
      .post('/v1/api/candidatures')
      .set('X-Forwarded-For', client)
      .set('Authorization', `Bearer ${refreshed.body.accessToken}`)
      .send({ offreId })
      .expect(200);
    await api
      .post(`/v1/api/candidatures/${applied.body.data.id}/notes`)
      .set('X-Forwarded-For', client)
      .set(recruteur.auth)
      .send({ content: 'Profil à rappeler' })
      .expect(200);
    expect(replays.size).to.equal(recorded);
    const hits = replays.hits;
    await regions().expect(200);
    expect(replays.hits).to.equal(hits + 1);
    // A write that can change public answers still forgets them: an offer archived.
    await api
      .post(`/v1/api/offres/${offreId}/archive`)
      .set('X-Forwarded-For', client)
      .set(recruteur.auth)
      .expect(200);
    expect(replays.size).to.equal(0);
  });

  it('writes the same log line for a replayed request, with its own request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const { api, replays } = replayingProcess(createLogger('info', sink));
    const client = freshIp();
    for (let i = 0; i < 2; i++)
      await api
        .get('/v1/api/regions')
        .set('X-Forwarded-For', client)
        .set('X-Request-Id', `replay-log-${i}`)
        .expect(200)
        .expect('X-Request-Id', `replay-log-${i}`);
    expect(replays.hits).to.equal(1);
    const requests = lines.filter((l) => l.msg === 'request');
    expect(
      requests.map(({ requestId, method, path, status }) => ({ requestId, method, path, status })),
    ).to.deep.equal(
      [0, 1].map((i) => ({
        requestId: `replay-log-${i}`,
        method: 'GET',
        path: '/v1/api/regions',
        status: 200,
      })),
    );
    expect(requests[1].ms).to.be.a('number');
  });

  it('is off where the caches read through at every request (the tests’ settings), and with ANSWER_REPLAY_MS=0', () => {
    const readThrough = createProcessCaches(testDeps());
    expect(readThrough.replays.enabled).to.equal(false);
    const production = createProcessCaches(
      testDeps({ config: { cacheSyncOnRead: false, searchSyncOnRead: false } }),
    );
    expect(production.replays.enabled).to.equal(true);
    expect(production.replays.keepMs).to.equal(200);
    const off = createProcessCaches(
      testDeps({ config: { cacheSyncOnRead: false, searchSyncOnRead: false, answerReplayMs: 0 } }),
    );
    expect(off.replays.enabled).to.equal(false);
  });
});
