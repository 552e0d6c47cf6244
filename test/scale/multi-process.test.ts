/**
 * Several processes, one database: two `recrutement serve` and two `recrutement worker` child
 * processes on the test database at once, the way a deployment scales out. What each test shows:
 * - a logout on one API instance is refused by it at once and by the other within 1 s;
 * - rate-limit counters are shared (they live in the database, not in a process);
 * - 1,000 queued emails go out exactly once while both workers send (leases, SKIP LOCKED);
 * - 20 concurrent publishes spread over both instances respect the plan quota exactly.
 */
import { expect } from 'chai';
import { randomInt } from 'node:crypto';
import { JOB_NAMES } from '../../jobs/names.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createRecruteur, createOffre, DEFAULT_PASSWORD } from '../helpers/factories.ts';
import { call } from '../helpers/http-call.ts';
import {
  agendaJobsMark,
  pollUntil,
  queueJobNow,
  startApiProcess,
  startWorkerProcess,
  stopAllProcesses,
  type ApiProcess,
  type ChildHandle,
} from '../helpers/processes.ts';
import { SmtpReceiver } from '../helpers/smtp-receiver.ts';
import { unique } from '../helpers/unique.ts';

const EMAILS = 1000;

describe('Several processes, one database (two API instances, two workers)', function () {
  this.timeout(300_000);
  let api1: ApiProcess;
  let api2: ApiProcess;
  let workers: ChildHandle[] = [];
  const smtp = new SmtpReceiver();
  const jobs = agendaJobsMark();

  before(async function () {
    this.timeout(300_000);
    await jobs.markJobs();
    await smtp.start();
    // Each worker signs with its own sender, so the receiver knows which one sent what; pooled SMTP
    // connections (nodemailer `pool=true`) avoid the receiver's 100 ms greeting delay per message.
    const workerEnv = (n: number) => ({
      SMTP_URL: `${smtp.url}/?pool=true`,
      MAIL_FROM: `Worker ${n} <worker-${n}@example.cm>`,
    });
    [api1, api2, ...workers] = await Promise.all([
      startApiProcess('api-1', { RATE_LIMIT_ENABLED: 'true', CLOUDFLARE: 'true' }),
      startApiProcess('api-2', { RATE_LIMIT_ENABLED: 'true', CLOUDFLARE: 'true' }),
      startWorkerProcess('worker-1', workerEnv(1)),
      startWorkerProcess('worker-2', workerEnv(2)),
    ]);
  });

  after(async function () {
    this.timeout(300_000);
    await stopAllProcesses();
    await smtp.stop();
    // The workers' recurring jobs and the jobs queued here: later test files start from a clean queue.
    await jobs.restoreJobs();
  });

  it('both instances answer; a logout on instance 1 is refused there at once and on instance 2 within 1 s', async () => {
    const candidat = await createCandidat();
    const login = await call(api1.url, 'POST', '/v1/api/auth/login', {
      body: { email: candidat.email, password: DEFAULT_PASSWORD },
    });
    expect(login.status, JSON.stringify(login.body)).to.equal(200);
    const accessToken = login.body!.accessToken as string;
    const refreshToken = login.body!.refreshToken as string;

    for (const api of [api1, api2]) {
      const me = await call(api.url, 'GET', '/v1/api/candidats/me', { token: accessToken });
      expect(me.status, api.name).to.equal(200);
      expect((me.body!.data as { email: string }).email).to.equal(candidat.email);
    }

    const out = await call(api1.url, 'POST', '/v1/api/auth/logout', {
      token: accessToken,
      body: { refreshToken },
    });
    expect(out.status, JSON.stringify(out.body)).to.equal(200);

    const loggedOut = performance.now();
    // The instance that served the logout refuses the token at once; the refresh token is refused
    // everywhere at once (it is always looked up).
    expect((await call(api1.url, 'GET', '/v1/api/candidats/me', { token: accessToken })).status).to.equal(
      401,
    );
    const refresh2 = await call(api2.url, 'POST', '/v1/api/auth/refresh-token', { body: { refreshToken } });
    expect(refresh2.status).to.equal(401);
    // The other instance kept its lookup of the access token for at most 1 s: every request sent
    // after that is refused.
    for (;;) {
      const sent = performance.now();
      const after2 = await call(api2.url, 'GET', '/v1/api/candidats/me', { token: accessToken });
      if (after2.status === 401) {
        expect(after2.body!.error).to.include({ code: 'TOKEN_REVOKED' });
        break;
      }
      expect(after2.status).to.equal(200);
      expect(sent - loggedOut, 'accepted more than 1 s after the logout').to.be.at.most(1000);
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it('rate-limit counters are shared: 5 critical-auth requests per minute across both instances', async () => {
    // A client address of this test alone (the counters persist in the run's database).
    const ip = `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    const headers = { 'CF-Connecting-IP': ip };
    const forgot = (api: ApiProcess) =>
      call(api.url, 'POST', '/v1/api/auth/forgot-password', {
        headers,
        body: { email: `${unique('nobody')}@example.cm` },
      });

    const allowed = [];
    for (const api of [api1, api2, api1, api2, api1]) allowed.push((await forgot(api)).status);
    expect(allowed).to.deep.equal([200, 200, 200, 200, 200]);

    // The 6th and 7th, on either instance, are over the limit the other instance counted towards.
    for (const api of [api2, api1]) {
      const res = await forgot(api);
      expect(res.status, api.name).to.equal(429);
      expect(Number(res.headers.get('retry-after'))).to.be.within(1, 60);
    }
    // Another client is not affected.
    const other = await call(api2.url, 'POST', '/v1/api/auth/forgot-password', {
      headers: { 'CF-Connecting-IP': `198.19.${randomInt(0, 256)}.${randomInt(1, 255)}` },
      body: { email: `${unique('nobody')}@example.cm` },
    });
    expect(other.status).to.equal(200);
  });

  it(`${EMAILS} queued emails are each sent exactly once while both workers send`, async function () {
    this.timeout(300_000);
    const run = unique('scale');
    const addresses = Array.from({ length: EMAILS }, (_, i) => `${run}-${i}@scale.example.cm`);
    const now = new Date();
    const rows = addresses.map((to, i) => ({
      toAddress: to,
      subject: `Scale ${i}`,
      textBody: `Message ${i}`,
      template: 'scale-test',
      status: 'PENDING',
      nextAttemptAt: now,
      createdAt: now,
    }));
    for (let i = 0; i < rows.length; i += 250)
      await testDb()('outboundEmails').insert(rows.slice(i, i + 250));

    // Besides the recurring run, a few one-off runs of the same job, so that both workers hold an
    // `emails:send` run at the same time and compete for the same rows.
    for (let i = 0; i < 6; i++) await queueJobNow(JOB_NAMES.sendEmails);

    const mine = () => testDb()('outboundEmails').whereIn('toAddress', addresses);
    await pollUntil(
      async () => {
        const [{ n }] = (await mine().clone().where({ status: 'SENT' }).count({ n: '*' })) as { n: number }[];
        return Number(n) === EMAILS;
      },
      `${EMAILS} emails SENT`,
      80_000,
      250,
    );

    const received = smtp.received.filter((m) =>
      m.to.some((to) => to.endsWith('@scale.example.cm') && to.startsWith(`${run}-`)),
    );
    const perAddress = new Map<string, number>();
    for (const m of received) for (const to of m.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    expect(perAddress.size, 'distinct recipients').to.equal(EMAILS);
    expect(
      [...perAddress.values()].every((n) => n === 1),
      'each email received once',
    ).to.equal(true);
    expect(received).to.have.length(EMAILS);

    const stored = (await mine().select('status', 'attempts')) as { status: string; attempts: number }[];
    expect(stored.every((r) => r.status === 'SENT' && r.attempts === 1)).to.equal(true);

    const bySender = new Map<string, number>();
    for (const m of received) bySender.set(m.from, (bySender.get(m.from) ?? 0) + 1);
    expect([...bySender.keys()].sort()).to.deep.equal(['worker-1@example.cm', 'worker-2@example.cm']);
  });

  it('20 concurrent publishes spread over both instances respect the plan quota (ESSENTIEL: 5)', async () => {
    const recruteur = await createRecruteur({ plan: 'ESSENTIEL' });
    const drafts: number[] = [];
    for (let i = 0; i < 20; i++)
      drafts.push(await createOffre(recruteur, { status: 'DRAFT', titre: `Poste ${i}` }));

    const answers = await Promise.all(
      drafts.map((id, i) =>
        call(i % 2 ? api2.url : api1.url, 'POST', `/v1/api/offres/${id}/publish`, { token: recruteur.token }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(ok, JSON.stringify(answers.map((a) => [a.status, a.body?.error]))).to.have.length(5);
    expect(refused).to.have.length(15);
    for (const r of refused) expect(r.body!.error).to.include({ code: 'PLAN_QUOTA_EXCEEDED' });
    for (const a of ok) expect((a.body!.data as { status: string }).status).to.equal('PUBLISHED');

    const [{ n }] = (await testDb()('offres')
      .where({ entrepriseId: recruteur.entrepriseId, status: 'PUBLISHED' })
      .count({ n: '*' })) as { n: number }[];
    expect(Number(n)).to.equal(5);
    const events = await testDb()('domainEvents').where({
      type: 'offre.published',
      entrepriseId: recruteur.entrepriseId,
    });
    expect(events).to.have.length(5);
  });

  it('every process stops on SIGTERM by itself: requests and jobs finish, exit code 0', async function () {
    this.timeout(30_000);
    const started = Date.now();
    const codes = await Promise.all([api1, api2, ...workers].map((p) => p.stop()));
    expect(codes).to.deep.equal([0, 0, 0, 0]);
    expect(Date.now() - started, 'well before the SIGKILL grace period').to.be.below(10_000);
  });
});
