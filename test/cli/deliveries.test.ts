import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { testDb } from '../helpers/env.ts';
import { createAdmin } from '../helpers/factories.ts';
import { deleteTestSubscriptions, trackSubscription } from '../helpers/webhook-factories.ts';
import { runBinary, parseJson } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import type { DeliveryView } from '../../domain/webhooks/delivery-view.ts';
import type { Page } from '../../domain/shared/pagination.ts';

/**
 * Deliveries are written directly, on an INACTIVE subscription: the job runner of other tests
 * never sends them (deliveries of an inactive subscription wait), and they go with it at the end.
 */
async function subscriptionWithDeliveries(
  statuses: ('DEAD' | 'SUCCEEDED' | 'FAILED')[],
): Promise<{ subscriptionId: number; ids: number[] }> {
  const admin = await createAdmin();
  const db = testDb();
  const [subscriptionId] = await db('webhookSubscriptions').insert({
    ownerAccountId: admin.id,
    scope: 'admin',
    url: 'http://127.0.0.1:9/hooks',
    events: JSON.stringify(['recruiter.approved']),
    secret: 'whsec_test',
    active: false,
  });
  trackSubscription(subscriptionId);
  const ids: number[] = [];
  for (const status of statuses) {
    const [eventId] = await db('domainEvents').insert({
      publicId: `evt_${randomUUID()}`,
      type: 'recruiter.approved',
      scope: 'admin',
      data: JSON.stringify({ recruiterId: 1 }),
      dispatchedAt: new Date(),
    });
    const [id] = await db('webhookDeliveries').insert({
      subscriptionId,
      eventId,
      status,
      attempts: status === 'DEAD' ? 10 : 1,
      lastStatusCode: status === 'DEAD' ? 503 : status === 'FAILED' ? 404 : 200,
      lastError: status === 'DEAD' ? 'HTTP 503' : null,
    });
    await db('webhookDeliveryAttempts').insert({
      deliveryId: id,
      attempt: 1,
      statusCode: 503,
      error: 'HTTP 503',
      durationMs: 12,
    });
    ids.push(id);
  }
  return { subscriptionId, ids };
}

const statusOf = async (id: number) =>
  (await testDb()('webhookDeliveries').where({ id }).first('status', 'attempts')) as {
    status: string;
    attempts: number;
  };

describe('CLI: recrutement deliveries', function () {
  this.timeout(60000);
  after(() => deleteTestSubscriptions());

  it('list filters by status and subscription (--json page and table); show gives the attempt log', async () => {
    const { subscriptionId, ids } = await subscriptionWithDeliveries(['DEAD', 'SUCCEEDED', 'DEAD']);
    const r = await runInProcess([
      'deliveries',
      'list',
      '--status',
      'dead',
      '--subscription',
      String(subscriptionId),
      '--json',
    ]);
    expect(r.code, r.stderr).to.equal(0);
    const page = parseJson<Page<DeliveryView>>(r);
    expect(page.page).to.deep.equal({ size: 20, number: 0, totalElements: 2, totalPages: 1 });
    expect(page.content.map((d) => d.id).sort()).to.deep.equal([ids[0], ids[2]].sort());
    expect(page.content[0]).to.have.all.keys(
      'id',
      'subscriptionId',
      'eventId',
      'eventType',
      'status',
      'attempts',
      'lastStatusCode',
      'lastError',
      'nextAttemptAt',
      'createdAt',
      'deliveredAt',
    );

    const table = await runInProcess(['deliveries', 'list', '--subscription', String(subscriptionId)]);
    expect(table.stdout)
      .to.contain('SUCCEEDED')
      .and.to.contain('recruiter.approved')
      .and.to.contain('(3 deliveries)');

    const shown = await runInProcess(['deliveries', 'show', String(ids[0]), '--json']);
    expect(shown.code, shown.stderr).to.equal(0);
    const detail = parseJson<DeliveryView & { attemptLog: Record<string, unknown>[] }>(shown);
    expect(detail).to.include({ id: ids[0], status: 'DEAD', attempts: 10 });
    expect(detail.attemptLog).to.have.length(1);
    expect(detail.attemptLog[0]).to.include({
      attempt: 1,
      statusCode: 503,
      error: 'HTTP 503',
      durationMs: 12,
    });

    const missing = await runInProcess(['deliveries', 'show', '999999999']);
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.match(/^Error NOT_FOUND: Webhook delivery not found/);
    const badStatus = await runInProcess(['deliveries', 'list', '--status', 'LOST']);
    expect(badStatus.code).to.equal(2);
    expect(badStatus.stderr).to.contain('expected one of PENDING, SUCCEEDED, FAILED, DEAD');
  });

  it('replay <id...> starts new attempt series; an unknown id is reported and exits 1; usage errors exit 2', async () => {
    const { ids } = await subscriptionWithDeliveries(['DEAD', 'FAILED']);
    const r = await runInProcess(['deliveries', 'replay', String(ids[0]), String(ids[1]), '--json']);
    expect(r.code, r.stderr).to.equal(0);
    expect(parseJson(r)).to.deep.equal({
      replayed: 2,
      outcomes: [
        { id: ids[0], replayed: true, status: 'PENDING' },
        { id: ids[1], replayed: true, status: 'PENDING' },
      ],
    });
    expect(await statusOf(ids[0])).to.deep.equal({ status: 'PENDING', attempts: 0 });

    const partial = await runInProcess(['deliveries', 'replay', String(ids[0]), '999999999']);
    expect(partial.code).to.equal(1);
    expect(partial.stdout).to.contain(`Delivery #${ids[0]} scheduled again`);
    expect(partial.stderr)
      .to.contain('Delivery #999999999: NOT_FOUND')
      .and.to.contain('Error: 1 of 2 deliveries not replayed');

    const none = await runInProcess(['deliveries', 'replay']);
    expect(none.code).to.equal(2);
    expect(none.stderr).to.contain('Give at least one delivery id, or --all-dead');
    const both = await runInProcess(['deliveries', 'replay', String(ids[0]), '--all-dead', '--yes']);
    expect(both.code).to.equal(2);
  });

  it('replay --all-dead asks first (refused without a terminal), then replays every DEAD delivery', async () => {
    const { ids } = await subscriptionWithDeliveries(['DEAD', 'DEAD', 'SUCCEEDED']);
    const refused = await runBinary(['deliveries', 'replay', '--all-dead']);
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.contain('--yes');
    expect((await statusOf(ids[0])).status).to.equal('DEAD');

    const r = await runInProcess(['deliveries', 'replay', '--all-dead', '--yes', '--json']);
    expect(r.code, r.stderr).to.equal(0);
    const out = parseJson<{ replayed: number; outcomes: { id: number }[] }>(r);
    expect(out.outcomes.map((o) => o.id))
      .to.include.members([ids[0], ids[1]])
      .and.not.to.include(ids[2]);
    expect((await statusOf(ids[0])).status).to.equal('PENDING');
    expect((await statusOf(ids[1])).status).to.equal('PENDING');
    expect((await statusOf(ids[2])).status).to.equal('SUCCEEDED');
    expect(await testDb()('webhookDeliveries').where({ status: 'DEAD' })).to.have.length(0);
  });
});
