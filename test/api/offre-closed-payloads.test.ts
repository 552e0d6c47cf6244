import { expect } from 'chai';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createAdmin, createOffre, createRecruteur } from '../helpers/factories.ts';
import { ManualClock } from '../../lib/clock.ts';
import { closeExpiredOffres } from '../../domain/offres/close-expired-offres.ts';

interface OutboxRow {
  type: string;
  scope: string;
  entrepriseId: number | null;
  data: string | Record<string, unknown>;
}

async function closedEvent(offreId: number): Promise<OutboxRow> {
  const rows = (await testDb()('domainEvents')
    .where({ type: 'offre.closed' })
    .whereRaw("JSON_EXTRACT(data, '$.offreId') = ?", [offreId])
    .select('type', 'scope', 'entrepriseId', 'data')) as OutboxRow[];
  expect(rows, `one offre.closed for offer ${offreId}`).to.have.length(1);
  return rows[0];
}

function dataOf(row: OutboxRow): Record<string, unknown> {
  return typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data;
}

/** The row with what legitimately differs between two closes (the offer, the reason) blanked. */
function shape(row: OutboxRow): Record<string, unknown> {
  return { ...row, data: { ...dataOf(row), offreId: '<offre>', reason: '<reason>' } };
}

describe('offre.closed: one payload however the offer closes', () => {
  it('an admin archive, a recruiter archive and a deadline close write the same outbox event', async () => {
    const recruteur = await createRecruteur({ plan: 'ENTREPRISE' });
    const admin = await createAdmin();
    const byRecruteur = await createOffre(recruteur, { deadline: null });
    const byAdmin = await createOffre(recruteur, { deadline: null });
    const byDeadline = await createOffre(recruteur, { deadline: '2026-11-19' });

    await agent().post(`/v1/api/offres/${byRecruteur}/archive`).set(recruteur.auth).expect(200);
    await agent()
      .post(`/v1/api/admin/offres/${byAdmin}/archive`)
      .set(admin.auth)
      .send({ reason: 'Annonce en double' })
      .expect(200);
    const clock = new ManualClock('2026-11-20T12:00:00Z');
    const { closed } = await closeExpiredOffres(domainCtx(undefined, { clock }));
    expect(closed).to.include(byDeadline);

    const events = {
      recruiter: await closedEvent(byRecruteur),
      admin: await closedEvent(byAdmin),
      deadline: await closedEvent(byDeadline),
    };
    const expected = {
      type: 'offre.closed',
      scope: 'recruiter',
      entrepriseId: recruteur.entrepriseId,
      data: { offreId: '<offre>', entrepriseId: recruteur.entrepriseId, reason: '<reason>' },
    };
    expect(shape(events.recruiter)).to.deep.equal(expected);
    expect(shape(events.admin)).to.deep.equal(expected);
    expect(shape(events.deadline)).to.deep.equal(expected);
    expect(Object.values(events).map((e) => dataOf(e).reason)).to.deep.equal([
      'ARCHIVED',
      'ADMIN_ARCHIVED',
      'DEADLINE_PASSED',
    ]);
    expect(dataOf(events.admin).offreId).to.equal(byAdmin);

    const statuses = await testDb()('offres')
      .whereIn('id', [byRecruteur, byAdmin, byDeadline])
      .pluck('status');
    expect(statuses).to.deep.equal(['ARCHIVED', 'ARCHIVED', 'ARCHIVED']);
  });
});
