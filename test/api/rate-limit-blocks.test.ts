/**
 * Blocks per category: too many answers 429 in one category block the client in that category
 * only, for 1, 5, 15, then 60 minutes, back to 1 minute after a quiet day. The blocks follow the
 * app's clock, which these tests move; the request counters keep real time (their windows do not
 * end during a test), so every request past a limit is refused again at once.
 */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { ManualClock } from '../../lib/clock.ts';
import { API_PREFIX } from '../../api/app.ts';
import type { HttpMethod } from '../../api/http/route.ts';
import { RATE_POLICY, type RatePolicy } from '../../api/rate-limit/policy.ts';
import {
  expect429,
  freshIp,
  freshPrefix64,
  limited,
  probeApp,
  send,
  type Api,
} from '../helpers/rate-limit-probe.ts';

const MINUTE = 60;
const DAY = 86400;
const LOGIN = `${API_PREFIX}/auth/login`;

/** The published policy with a lower threshold, so a block takes 3 refusals instead of 51. */
const QUICK: RatePolicy = { ...RATE_POLICY, block: { ...RATE_POLICY.block, max429: 2 } };

function login(api: Api, ip: string) {
  return send(api, 'post', '/auth/login', ip);
}

/** Uses up the login limit (5/min) of `ip`: the last request is its first refusal. */
async function useUpLogins(api: Api, ip: string): Promise<void> {
  for (let i = 0; i < 5; i++) await login(api, ip).expect(200);
  await login(api, ip).expect(429);
}

/** `refusals` answers 429 that do not block, then one that blocks for exactly `blockSec`. */
async function refuseUntilBlocked(api: Api, ip: string, refusals: number, blockSec: number): Promise<void> {
  for (let i = 0; i < refusals; i++) {
    const res = await login(api, ip);
    expect(res.status).to.equal(429);
    expect(res.body.message, `refusal ${i + 1}`).not.to.match(/blocked/);
  }
  const blocked = await login(api, ip);
  expect429(blocked, 5, LOGIN, blockSec, blockSec);
  expect(blocked.body.message).to.match(/blocked/);
}

describe('Rate-limit blocks per category, escalating', function () {
  this.timeout(30_000);

  it('the published threshold: 50 answers 429 in a category do not block, the 51st blocks that category for 1 minute', async () => {
    const clock = new ManualClock();
    const api = probeApp({}, undefined, clock);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await login(api, ip).expect(200);
    await refuseUntilBlocked(api, ip, 50, MINUTE);
    expect(RATE_POLICY.block).to.deep.equal({
      max429: 50,
      windowSec: 3600,
      stepsSec: [60, 300, 900, 3600],
      quietSec: DAY,
    });
  });

  it('blocked on logins, the same address still reads offers, searches and uploads, on every instance', async () => {
    const clock = new ManualClock();
    const api = probeApp({}, QUICK, clock);
    const ip = freshIp();
    await useUpLogins(api, ip);
    await refuseUntilBlocked(api, ip, 1, MINUTE);

    const other: [HttpMethod, string][] = [
      ['get', '/regions'],
      ['get', '/offres/search'],
      ['post', '/files/upload'],
      ['post', '/auth/refresh-token'],
    ];
    for (const [method, path] of other) {
      const res = await send(api, method, path, ip).expect(200);
      expect(res.headers['x-ratelimit-remaining'], path).to.match(/^\d+$/);
    }
    // A real app sharing the database: the real offers route answers, the real login is blocked.
    const second = agent({ config: limited, clock });
    await send(second, 'get', '/regions', ip).expect(200);
    const refused = await send(second, 'post', '/auth/login', ip).send({ email: 'a@b.cm', password: 'x' });
    expect429(refused, 5, LOGIN, MINUTE, MINUTE);
    expect(refused.body.message).to.match(/blocked/);
  });

  it('a block elsewhere does not block logins', async () => {
    const clock = new ManualClock();
    const policy: RatePolicy = {
      ...QUICK,
      categories: { ...QUICK.categories, standard: { points: 1, windowSec: 60 } },
    };
    const api = probeApp({}, policy, clock);
    const ip = freshIp();
    await send(api, 'get', '/regions', ip).expect(200);
    for (let i = 0; i < 2; i++) await send(api, 'get', '/regions', ip).expect(429);
    const blocked = await send(api, 'get', '/regions', ip);
    expect429(blocked, 1, `${API_PREFIX}/regions`, MINUTE, MINUTE);
    expect(blocked.body.message).to.match(/blocked/);
    await login(api, ip).expect(200);
  });

  it('escalates 1, 5, 15, 60, 60 minutes while it goes on; a block ends at its time (clock moved, not slept)', async () => {
    const clock = new ManualClock();
    const api = probeApp({}, QUICK, clock);
    const ip = freshIp();
    await useUpLogins(api, ip);
    await refuseUntilBlocked(api, ip, 1, MINUTE);
    let blockEnd = clock.now().getTime() + MINUTE * 1000;
    clock.advance(40_000);
    expect429(await login(api, ip), 5, LOGIN, 20, 20);

    for (const minutes of [5, 15, 60, 60]) {
      // The previous block is over: the login limit still refuses (its window has not ended),
      // and it takes as many refusals as the first time to start the next block.
      clock.set(new Date(blockEnd));
      await refuseUntilBlocked(api, ip, 2, minutes * MINUTE);
      blockEnd = clock.now().getTime() + minutes * MINUTE * 1000;
      clock.set(new Date(blockEnd - 1000));
      expect429(await login(api, ip), 5, LOGIN, 1, 1);
    }
    const row = await testDb()('rateLimitBlocks').where({ category: 'criticalAuth', subject: ip }).first();
    expect(row).to.include({ level: 4, strikes: 0 });
  });

  it('a quiet day after a block ends starts again at 1 minute; less than a day keeps escalating', async () => {
    const clock = new ManualClock();
    const api = probeApp({}, QUICK, clock);
    const ip = freshIp();
    await useUpLogins(api, ip);
    await refuseUntilBlocked(api, ip, 1, MINUTE);
    // 1 second short of a day after the 1-minute block ended: the next block is the 2nd step.
    clock.advance((MINUTE + DAY - 1) * 1000);
    await refuseUntilBlocked(api, ip, 2, 5 * MINUTE);
    // A full day after the 5-minute block ended: a first block again.
    clock.advance((5 * MINUTE + DAY) * 1000);
    await refuseUntilBlocked(api, ip, 2, MINUTE);
  });

  it('answers 429 older than the hour of their window no longer count', async () => {
    const clock = new ManualClock();
    const api = probeApp({}, QUICK, clock);
    const ip = freshIp();
    await useUpLogins(api, ip);
    await login(api, ip).expect(429);
    clock.advance(3600 * 1000);
    // The window of the first two refusals has ended: two more start a new one and do not block.
    for (let i = 0; i < 2; i++) {
      const res = await login(api, ip).expect(429);
      expect(res.body.message).not.to.match(/blocked/);
    }
  });

  it('an IPv6 client is blocked by its /64: another address of it is blocked too, the next /64 is not', async () => {
    const clock = new ManualClock();
    const api = probeApp({}, QUICK, clock);
    const net = freshPrefix64();
    for (let i = 1; i <= 5; i++) await login(api, `${net}::${i}`).expect(200);
    for (let i = 6; i <= 7; i++) await login(api, `${net}:${i}::1`).expect(429);
    const blocked = await login(api, `${net}:ffff:1:2:3`);
    expect429(blocked, 5, LOGIN, MINUTE, MINUTE);
    expect(blocked.body.message).to.match(/blocked/);
    const rows = await testDb()('rateLimitBlocks').where({
      category: 'criticalAuth',
      subject: `${net}::/64`,
    });
    expect(rows).to.have.length(1);
    await login(api, `${freshPrefix64()}::1`).expect(200);
  });

  it('with the block store failing, requests are still counted, and refused past the limit', async () => {
    const api = probeApp({}, QUICK, new ManualClock());
    const ip = freshIp();
    await testDb().raw('RENAME TABLE rate_limit_blocks TO rate_limit_blocks_away');
    try {
      for (let i = 0; i < 5; i++) await login(api, ip).expect(200);
      for (let i = 0; i < 4; i++) {
        const res = await login(api, ip);
        expect429(res, 5, LOGIN, MINUTE);
        expect(res.body.message).not.to.match(/blocked/);
      }
    } finally {
      await testDb().raw('RENAME TABLE rate_limit_blocks_away TO rate_limit_blocks');
    }
  });

  it('rows that say nothing any more are purged when a strike window opens', async () => {
    const clock = new ManualClock();
    const api = probeApp({}, QUICK, clock);
    const stale = freshIp();
    await testDb()('rateLimitBlocks').insert({
      category: 'search',
      subject: stale,
      strikes: 1,
      strikesUntil: new Date(clock.now().getTime() - 1000),
      level: 1,
      blockedUntil: new Date(clock.now().getTime() - DAY * 1000 - 1000),
      forgetAt: new Date(clock.now().getTime() - 1000),
    });
    const ip = freshIp();
    await useUpLogins(api, ip);
    expect(await testDb()('rateLimitBlocks').where({ subject: stale })).to.deep.equal([]);
    expect(await testDb()('rateLimitBlocks').where({ subject: ip })).to.have.length(1);
  });
});
