import { expect } from 'chai';
import { testDb } from '../helpers/env.ts';
import { parseJson } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { uniqueMobile } from '../helpers/sms-factories.ts';

describe('CLI: recrutement sms list | retry | cancel, and SMS in stats', function () {
  this.timeout(60_000);

  async function row(status: string, extra: Record<string, unknown> = {}): Promise<number> {
    const now = new Date();
    const [id] = await testDb()('smsMessages').insert({
      toNumber: uniqueMobile(),
      body: 'Recrutement : test',
      kind: 'code',
      segments: 1,
      localDay: '2026-11-26',
      status,
      attempts: status === 'FAILED' ? 6 : 0,
      lastError: status === 'FAILED' ? 'SMSC bind refused: ESME_RBINDFAIL' : null,
      nextAttemptAt: new Date(now.getTime() + 3_600_000),
      createdAt: now,
      ...extra,
    });
    return id;
  }

  it('lists with receipts, retries a dead letter, cancels a queued SMS, refuses the rest', async () => {
    const dead = await row('FAILED');
    const queued = await row('PENDING');
    const delivered = await row('DELIVERED', {
      dlrStatus: 'DELIVRD',
      dlrAt: new Date(),
      sentAt: new Date(),
      segments: 2,
    });

    const list = await runInProcess(['sms', 'list', '--json']);
    expect(list.code, list.stderr).to.equal(0);
    const items =
      parseJson<{ id: number; status: string; dlrStatus: string | null; lastError: string | null }[]>(list);
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get(delivered)!.dlrStatus).to.equal('DELIVRD');
    expect(byId.get(dead)!.lastError).to.match(/ESME_RBINDFAIL/);

    const human = await runInProcess(['sms', 'list', '--status', 'FAILED']);
    expect(human.stdout).to.contain('ESME_RBINDFAIL');

    const retried = await runInProcess(['sms', 'retry', String(dead), String(delivered), '--json']);
    expect(retried.code).to.equal(1);
    const r = parseJson<{ retried: number[]; refused: { id: number }[] }>(retried);
    expect(r.retried).to.deep.equal([dead]);
    expect(r.refused.map((x) => x.id)).to.deep.equal([delivered]);
    const again = await testDb()('smsMessages').where({ id: dead }).first();
    expect([again.status, again.attempts]).to.deep.equal(['PENDING', 0]);

    const cancelled = await runInProcess(['sms', 'cancel', String(queued), '--json']);
    expect(cancelled.code, cancelled.stderr).to.equal(0);
    expect((await testDb()('smsMessages').where({ id: queued }).first()).status).to.equal('CANCELLED');
    await testDb()('smsMessages').where({ id: dead }).update({ status: 'CANCELLED' });

    const stats = await runInProcess(['stats', '--days', '7', '--json']);
    const { sms } = parseJson<{ sms: { day: string; segments: number; messages: number }[] }>(stats);
    const day = sms.find((d) => d.day === '2026-11-26')!;
    expect(day.segments).to.be.at.least(2);
  });
});
