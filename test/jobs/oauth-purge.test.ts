/** `oauth:purge-expired` on a controllable clock: expired OAuth entries go, live ones stay. */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { Job } from 'agenda';
import { ManualClock } from '../../lib/clock.ts';
import { purgeOAuthEntriesJob } from '../../jobs/definitions/purge-oauth-entries.ts';
import { purgeExpiredOAuthEntries } from '../../domain/integrations/index.ts';
import { domainCtx } from '../helpers/app.ts';
import { testDb, testDeps } from '../helpers/env.ts';

const HOUR = 3_600_000;

async function entry(model: string, expiresAt: Date | null): Promise<string> {
  const idHash = randomBytes(32).toString('hex');
  await testDb()('oauthEntries').insert({
    model,
    idHash,
    payload: JSON.stringify({ kind: model }),
    expiresAt,
  });
  return idHash;
}

const left = async (ids: string[]) =>
  ((await testDb()('oauthEntries').whereIn('idHash', ids).select('idHash')) as { idHash: string }[])
    .map((r) => r.idHash)
    .sort();

describe('OAuth storage purge (job oauth:purge-expired)', function () {
  this.timeout(120000);

  it('removes what expired before now, keeps what lives on and what never expires, and runs again harmlessly', async () => {
    // Far in the future, so entries other tests wrote are expired too and nothing here is left by chance.
    const now = new Date(Date.now() + 400 * 24 * HOUR);
    const clock = new ManualClock(now);
    const expired = [
      await entry('AuthorizationCode', new Date(now.getTime() - HOUR)),
      await entry('AccessToken', new Date(now.getTime() - 1)),
    ];
    const live = [await entry('RefreshToken', new Date(now.getTime() + HOUR)), await entry('Grant', null)];
    await purgeOAuthEntriesJob.run({} as Job, testDeps({ clock }));
    expect(await left([...expired, ...live])).to.deep.equal([...live].sort());
    const again = await purgeExpiredOAuthEntries(domainCtx({ type: 'system', id: 'test' }, { clock }));
    expect(again.removed).to.equal(0);
    expect(purgeOAuthEntriesJob.name).to.equal('oauth:purge-expired');
  });

  it('stops at maxRows; the rest goes at the next run', async () => {
    const now = new Date(Date.now() + 800 * 24 * HOUR);
    const ctx = domainCtx({ type: 'system', id: 'test' }, { clock: new ManualClock(now) });
    await purgeExpiredOAuthEntries(ctx);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await entry('Session', new Date(now.getTime() - HOUR)));
    expect((await purgeExpiredOAuthEntries(ctx, { maxRows: 3 })).removed).to.equal(3);
    expect(await left(ids)).to.have.length(2);
    expect((await purgeExpiredOAuthEntries(ctx)).removed).to.equal(2);
    expect(await left(ids)).to.deep.equal([]);
  });
});
