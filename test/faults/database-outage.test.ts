/**
 * The database goes away under load and comes back. The shared MariaDB server is not restarted
 * (other test files use it): an API instance (buildApp, in-process) reaches it through a TCP
 * proxy that is cut for a few seconds while candidates keep applying. During the cut `/ready`
 * says 503 and every request fails cleanly (503 SERVICE_UNAVAILABLE in the envelope, Retry-After,
 * never a 500 or a 401); after it the same instance serves again without a restart, and the
 * offer's counters still equal a COUNT of its applications.
 */
import { expect } from 'chai';
import supertest from 'supertest';
import type { Knex } from 'knex';
import { buildApp } from '../helpers/app.ts';
import knexFactory from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { connectionFromUrl } from '../../lib/db.ts';
import { testDb, testEnv } from '../helpers/env.ts';
import { createCandidat, createOffre, createRecruteur, type TestAccount } from '../helpers/factories.ts';
import { pollUntil } from '../helpers/processes.ts';
import { TcpProxy } from '../helpers/tcp-proxy.ts';

const CANDIDATES = 200;
const CONCURRENCY = 4;
const PACE_MS = 120;
const CUT_MS = 3_000;
const SUCCESSES_AFTER = 20;

interface Answer {
  candidate: number;
  status: number;
  code: string | null;
  retryAfter: string | undefined;
  duringCut: boolean;
}

describe('Faults: the database goes away under load, and comes back', function () {
  this.timeout(60_000);
  let proxy: TcpProxy;
  let db: Knex;
  let http: ReturnType<typeof supertest>;

  before(async () => {
    const server = new URL(testEnv().databaseUrl);
    proxy = await new TcpProxy(server.hostname, Number(server.port || 3306)).start();
    const viaProxy = new URL(testEnv().databaseUrl);
    viaProxy.port = String(proxy.port);
    // As lib/db.ts createKnex builds it, with knex's own console warnings ("Acquire connection
    // error", expected here) kept out of the test output.
    db = knexFactory({
      client: 'mysql2',
      connection: connectionFromUrl(viaProxy.toString()),
      pool: { min: 0, max: 10 },
      log: { warn: () => undefined },
      ...knexSnakeCaseMappers(),
    });
    http = supertest(buildApp({ db }).app.callback());
  });

  after(async () => {
    proxy.restore();
    await db.destroy();
    await proxy.stop();
  });

  it('answers 503 while the database is away, recovers without a restart, counters stay exact', async () => {
    const recruteur = await createRecruteur({ plan: 'ENTREPRISE' });
    const offreId = await createOffre(recruteur, { titre: 'Agent de maintenance' });
    const candidats: TestAccount[] = [];
    while (candidats.length < CANDIDATES)
      candidats.push(...(await Promise.all(Array.from({ length: 10 }, () => createCandidat()))));

    await http.get('/ready').expect(200);
    const answers: Answer[] = [];
    const readiness: { status: number; duringCut: boolean }[] = [];
    const apply = async (i: number): Promise<Answer> => {
      const duringCut = proxy.isCut;
      const res = await http.post('/v1/api/candidatures').set(candidats[i].auth).send({ offreId });
      const answer = {
        candidate: i,
        status: res.status,
        code: (res.body?.error?.code as string | undefined) ?? null,
        retryAfter: res.headers['retry-after'] as string | undefined,
        duringCut: duringCut && proxy.isCut,
      };
      answers.push(answer);
      return answer;
    };

    // The load: CONCURRENCY clients applying one candidate after the other, paced; the cut starts
    // once a first share has gone through, and the load goes on until enough succeeded after it.
    let next = 0;
    let restoredAt = Infinity;
    const succeededAfterCut = () =>
      answers.filter((a) => a.status === 200 && answers.indexOf(a) > restoredAt).length;
    const client = async () => {
      while (next < CANDIDATES && succeededAfterCut() < SUCCESSES_AFTER) {
        await apply(next++);
        await new Promise((resolve) => setTimeout(resolve, PACE_MS));
      }
    };
    const outage = (async () => {
      await pollUntil(() => answers.length >= 20, 'a first share of the load', 20_000, 10);
      proxy.cut();
      const cutUntil = Date.now() + CUT_MS;
      while (Date.now() < cutUntil) {
        const ready = await http.get('/ready');
        readiness.push({ status: ready.status, duringCut: proxy.isCut });
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      proxy.restore();
      restoredAt = answers.length;
    })();
    await Promise.all([outage, ...Array.from({ length: CONCURRENCY }, client)]);
    const used = next;
    expect(succeededAfterCut(), 'successes after the cut').to.be.at.least(SUCCESSES_AFTER);

    // While cut, /ready said so.
    expect(readiness.length).to.be.greaterThan(3);
    expect(readiness.every((r) => r.status === 503)).to.equal(true);
    // Every answer was a success or a clean 503 envelope; some of each.
    const unexpected = answers.filter(
      (a) => a.status !== 200 && !(a.status === 503 && a.code === 'SERVICE_UNAVAILABLE'),
    );
    expect(unexpected, JSON.stringify(unexpected)).to.deep.equal([]);
    const failed = answers.filter((a) => a.status === 503);
    expect(failed.length, 'requests refused during the cut').to.be.greaterThan(0);
    expect(failed.every((a) => a.retryAfter === '5')).to.equal(true);
    expect(
      answers.filter((a) => a.duringCut && a.status === 200),
      'answers 200 while cut',
    ).to.deep.equal([]);

    // The same app, without a restart, serves again once the database is back.
    expect((await http.get('/ready')).status).to.equal(200);
    // A client retries what failed: applied now, or already applied (the cut came after the commit).
    for (const a of failed) {
      const retry = await apply(a.candidate);
      expect([200, 409], JSON.stringify(retry)).to.include(retry.status);
      if (retry.status === 409) expect(retry.code).to.equal('ALREADY_APPLIED');
    }

    // Every candidate applied exactly once, and the offer's counters equal the COUNT.
    const rows = (await testDb()('candidatures').where({ offreId }).select('candidatId', 'status')) as {
      candidatId: number;
      status: string;
    }[];
    expect(new Set(rows.map((r) => r.candidatId)).size).to.equal(used);
    expect(rows).to.have.length(used);
    const offre = (await testDb()('offres')
      .where({ id: offreId })
      .first('totalCandidatures', 'nouveaux')) as { totalCandidatures: number; nouveaux: number };
    expect(offre).to.deep.equal({ totalCandidatures: used, nouveaux: used });
    const events = await testDb()('domainEvents')
      .where({ type: 'candidature.created' })
      .whereRaw('JSON_EXTRACT(data, "$.offreId") = ?', [offreId]);
    expect(events).to.have.length(used);
  });
});
