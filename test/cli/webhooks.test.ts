/**
 * `recrutement webhooks list | enable` through the real binary: the list shows every
 * subscription's state, why the platform switched it off and since when it has been failing (its
 * first failed attempt after its last success); `enable` turns one back on.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { testDb } from '../helpers/env.ts';
import { createAdmin } from '../helpers/factories.ts';
import { deleteTestSubscriptions, trackSubscription } from '../helpers/webhook-factories.ts';
import { parseJson, runBinary } from '../helpers/cli.ts';

interface ListedState {
  id: number;
  url: string;
  active: boolean;
  disabledReason: string | null;
  failingSince: string | null;
  scope: string;
}

/** A subscription written directly, with attempts at the given times (status code, or null for no answer). */
async function subscriptionWithAttempts(
  ownerAccountId: number,
  state: { active: boolean; disabledReason?: 'GONE' | 'FAILING' },
  attempts: [string, number | null][],
): Promise<number> {
  const db = testDb();
  const [id] = await db('webhookSubscriptions').insert({
    ownerAccountId,
    scope: 'admin',
    url: `http://127.0.0.1:9/hooks/${randomUUID()}`,
    events: JSON.stringify(['recruiter.approved']),
    secret: 'whsec_test',
    active: state.active,
    disabledReason: state.disabledReason ?? null,
  });
  trackSubscription(id);
  for (const [at, statusCode] of attempts) {
    const [eventId] = await db('domainEvents').insert({
      publicId: `evt_${randomUUID()}`,
      type: 'recruiter.approved',
      scope: 'admin',
      data: JSON.stringify({ recruiterId: 1 }),
      dispatchedAt: new Date(at),
    });
    const ok = statusCode !== null && statusCode < 300;
    const [deliveryId] = await db('webhookDeliveries').insert({
      subscriptionId: id,
      eventId,
      status: ok ? 'SUCCEEDED' : 'FAILED',
      attempts: 1,
      lastStatusCode: statusCode,
    });
    await db('webhookDeliveryAttempts').insert({
      deliveryId,
      attempt: 1,
      statusCode,
      error: ok ? null : 'failed',
      createdAt: new Date(at),
    });
  }
  return id;
}

describe('CLI: recrutement webhooks', function () {
  this.timeout(60_000);
  after(() => deleteTestSubscriptions());

  it('list shows each state, disabled reason and failing-since; enable turns one back on', async () => {
    const admin = await createAdmin();
    const healthy = await subscriptionWithAttempts(admin.id, { active: false }, [
      ['2026-03-01T08:00:00Z', 500],
      ['2026-03-01T09:00:00Z', 200],
    ]);
    const failing = await subscriptionWithAttempts(admin.id, { active: false }, [
      ['2026-03-01T08:00:00Z', 500],
      ['2026-03-02T08:00:00Z', 204],
      ['2026-03-03T10:30:00Z', null],
      ['2026-03-04T10:30:00Z', 503],
    ]);
    const gone = await subscriptionWithAttempts(admin.id, { active: false, disabledReason: 'GONE' }, [
      ['2026-03-05T12:00:00Z', 410],
    ]);
    const fresh = await subscriptionWithAttempts(admin.id, { active: false }, []);

    const listed = await runBinary(['webhooks', 'list', '--json']);
    expect(listed.code, listed.stderr).to.equal(0);
    const byId = new Map(parseJson<ListedState[]>(listed).map((s) => [s.id, s]));
    expect(byId.get(healthy)).to.include({ active: false, disabledReason: null, failingSince: null });
    expect(byId.get(failing)).to.include({
      disabledReason: null,
      failingSince: '2026-03-03T10:30:00.000Z',
      scope: 'admin',
    });
    expect(byId.get(gone)).to.include({
      active: false,
      disabledReason: 'GONE',
      failingSince: '2026-03-05T12:00:00.000Z',
    });
    expect(byId.get(fresh)).to.include({ failingSince: null });

    const table = await runBinary(['webhooks', 'list']);
    expect(table.code, table.stderr).to.equal(0);
    const goneLine = table.stdout.split('\n').find((l) => l.includes(byId.get(gone)!.url));
    expect(goneLine).to.match(/DISABLED.*GONE.*2026-03-05 12:00 UTC/);

    const enabled = await runBinary(['webhooks', 'enable', String(gone)]);
    expect(enabled.code, enabled.stderr).to.equal(0);
    expect(enabled.stdout).to.contain(`Subscription #${gone} enabled`);
    const row = await testDb()('webhookSubscriptions').where({ id: gone }).first('active', 'disabledReason');
    expect(row).to.deep.equal({ active: true, disabledReason: null });

    const asJson = await runBinary(['webhooks', 'enable', String(failing), '--json']);
    expect(asJson.code, asJson.stderr).to.equal(0);
    expect(parseJson(asJson)).to.include({ id: failing, active: true, disabledReason: null });
    // Turned back on, they go back to the job runner's care: switch them off again for other tests.
    await testDb()('webhookSubscriptions').whereIn('id', [gone, failing]).update({ active: false });
  });

  it('enable: an unknown id exits 1 with NOT_FOUND, a malformed one exits 2', async () => {
    const missing = await runBinary(['webhooks', 'enable', '999999999']);
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.match(/Error NOT_FOUND: Webhook subscription not found/);
    const bad = await runBinary(['webhooks', 'enable', 'abc', '--json']);
    expect(bad.code).to.equal(2);
    expect(JSON.parse(bad.stderr.trim())).to.have.nested.property('error.code', 'USAGE_ERROR');
  });
});
