import { expect } from 'chai';
import { testDb, testDeps } from '../helpers/env.ts';
import { freshIp, storedKeys, storedPointsReach } from '../helpers/rate-limit-probe.ts';
import {
  createBatchedCounters,
  unsharedAtMost,
  type BatchedCounters,
} from '../../api/rate-limit/batched-counters.ts';
import { RATE_POLICY } from '../../api/rate-limit/policy.ts';
import { startServer } from '../../api/server.ts';
import { API_PREFIX } from '../../api/app.ts';

const standard = RATE_POLICY.categories.standard;
const FLUSH_MS = 20;
let subjects = 0;
/** A subject no other test counts (the counters live in the run's database). */
const freshSubject = () => `203.0.113.${++subjects}-batched`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function storedPoints(key: string): Promise<number | undefined> {
  const [row] = await storedKeys(key);
  return row?.points;
}

/** Counts `n` requests of `subject` in the standard category, each allowed. */
async function countTimes(counters: BatchedCounters, subject: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) expect((await counters.consume('standard', subject)).allowed).to.equal(true);
}

/** A new client whose first request `counters` has written (and so read its shared row back). */
async function syncedClient(counters: BatchedCounters): Promise<{ subject: string; key: string }> {
  const subject = freshSubject();
  const key = `standard:${subject}`;
  await countTimes(counters, subject, 1);
  await storedPointsReach(key, 1);
  return { subject, key };
}

describe('Batched rate-limit counters: what a flush writes', function () {
  this.timeout(20000);
  const open: BatchedCounters[] = [];
  /** Counters flushing every 20 ms that hold a count back for `heldBackMs` at most. */
  const counters = (heldBackMs: number) => {
    const c = createBatchedCounters(testDb(), { standard }, testDeps().logger, FLUSH_MS, heldBackMs);
    open.push(c);
    return c;
  };
  after(() => Promise.all(open.map((c) => c.close())));

  it('holds back a twentieth of the limit: a client far from it costs a row write per that many requests', async () => {
    const c = counters(60_000);
    const subject = freshSubject();
    const key = `standard:${subject}`;
    const slack = unsharedAtMost(standard);
    expect(slack).to.equal(6);
    // A client's first request here is written at the next flush, which reads its shared row back.
    await countTimes(c, subject, 1);
    await storedPointsReach(key, 1);
    await countTimes(c, subject, slack - 1);
    await pause(5 * FLUSH_MS);
    expect(await storedPoints(key)).to.equal(1);
    // The sixth held-back count is written at the next flush.
    await countTimes(c, subject, 1);
    await storedPointsReach(key, 1 + slack);
  });

  it('from half its limit on, a client is written at every flush', async () => {
    const c = counters(60_000);
    const { subject, key } = await syncedClient(c);
    const half = standard.points / 2;
    // Counted in slack-sized steps up to half the limit, each written.
    for (let total = 1; total < half - unsharedAtMost(standard);) {
      await countTimes(c, subject, unsharedAtMost(standard));
      total += unsharedAtMost(standard);
      await storedPointsReach(key, total);
    }
    const stored = (await storedPoints(key))!;
    await countTimes(c, subject, half - stored);
    await storedPointsReach(key, half);
    // One more request, far fewer than a twentieth: written all the same.
    await countTimes(c, subject, 1);
    await storedPointsReach(key, half + 1);
  });

  it('a held-back count is written once it is heldBackMs old', async () => {
    const c = counters(200);
    const { subject, key } = await syncedClient(c);
    const counted = Date.now();
    await countTimes(c, subject, 2);
    await storedPointsReach(key, 3);
    expect(Date.now() - counted).to.be.at.least(200);
  });

  it('flush() writes everything held back (tests, shutdown)', async () => {
    const c = counters(60_000);
    const { subject, key } = await syncedClient(c);
    await countTimes(c, subject, 3);
    await c.flush();
    expect(await storedPoints(key)).to.equal(4);
  });

  it('two instances: one holding counts back lets a client past the limit by fewer than a twentieth of it', async () => {
    const first = counters(60_000);
    const second = counters(60_000);
    const subject = freshSubject();
    const key = `standard:${subject}`;
    // The first instance sees the client once, writes it, then holds back 5.
    await countTimes(first, subject, 1);
    await storedPointsReach(key, 1);
    await countTimes(first, subject, unsharedAtMost(standard) - 1);
    // The second reads the shared row at the client's first request there, then counts on to the limit.
    await countTimes(second, subject, 1);
    await storedPointsReach(key, 2);
    // The row is read back right after it is written: once that flush ends, the second knows of the first.
    await second.flush();
    let allowed = 1;
    while ((await second.consume('standard', subject)).allowed) allowed += 1;
    const everyone = 1 + (unsharedAtMost(standard) - 1) + allowed;
    expect(everyone).to.be.above(standard.points);
    expect(everyone - standard.points).to.be.below(unsharedAtMost(standard));
  });

  it('a server that stops writes the counts it held back', async () => {
    const server = await startServer(
      testDeps({ config: { rateLimitEnabled: true, cloudflare: true } }),
      0,
      '127.0.0.1',
    );
    const subject = freshIp();
    const key = `standard:${subject}`;
    const get = () =>
      fetch(`${server.url}${API_PREFIX}/regions`, { headers: { 'CF-Connecting-IP': subject } });
    expect((await get()).status).to.equal(200);
    await storedPointsReach(key, 1);
    for (let i = 0; i < 3; i++) expect((await get()).status).to.equal(200);
    expect(await storedPoints(key)).to.equal(1);
    await server.close();
    expect(await storedPoints(key)).to.equal(4);
  });
});
