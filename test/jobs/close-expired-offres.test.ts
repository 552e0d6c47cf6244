import { expect } from 'chai';
import { ManualClock } from '../../lib/clock.ts';
import { closeExpiredOffres } from '../../domain/offres/close-expired-offres.ts';
import { localDate } from '../../domain/shared/local-date.ts';
import { domainCtx } from '../helpers/app.ts';
import { closeExpiredOffresJob } from '../../jobs/definitions/close-expired-offres.ts';
import { testDb, testDeps } from '../helpers/env.ts';
import { createOffre, createRecruteur } from '../helpers/factories.ts';

describe('Offer deadlines (offres:close-expired)', () => {
  it('runs hourly in JOBS_TIMEZONE (default Africa/Douala)', () => {
    expect(closeExpiredOffresJob.every?.(testDeps())).to.deep.equal({
      interval: '0 * * * *',
      timezone: 'Africa/Douala',
    });
    expect(closeExpiredOffresJob.every?.(testDeps({ config: { jobsTimezone: 'UTC' } }))).to.deep.equal({
      interval: '0 * * * *',
      timezone: 'UTC',
    });
  });

  it('archives published offers whose deadline has passed and records offre.closed once', async () => {
    const recruteur = await createRecruteur({ plan: 'ENTREPRISE' });
    const expired = await createOffre(recruteur, { deadline: '2026-11-19' });
    const lastDay = await createOffre(recruteur, { deadline: '2026-11-20' });
    const noDeadline = await createOffre(recruteur, { deadline: null });
    const draft = await createOffre(recruteur, { deadline: '2026-11-01', status: 'DRAFT' });
    // 22:30 UTC on the 20th is already the 21st in Douala (UTC+1).
    const clock = new ManualClock('2026-11-20T12:00:00Z');
    const ctx = domainCtx(undefined, { clock });
    const { closed } = await closeExpiredOffres(ctx);
    expect(closed).to.include(expired).and.not.include(lastDay);
    const rows = await testDb()('offres')
      .whereIn('id', [expired, lastDay, noDeadline, draft])
      .select('id', 'status');
    const status = Object.fromEntries(rows.map((r: { id: number; status: string }) => [r.id, r.status]));
    expect(status).to.deep.equal({
      [expired]: 'ARCHIVED',
      [lastDay]: 'PUBLISHED',
      [noDeadline]: 'PUBLISHED',
      [draft]: 'DRAFT',
    });
    clock.set('2026-11-20T23:30:00Z');
    expect(localDate(clock.now())).to.equal('2026-11-21');
    expect((await closeExpiredOffres(ctx)).closed).to.include(lastDay);
    expect((await closeExpiredOffres(ctx)).closed).to.not.include(lastDay);
    const events = await testDb()('domainEvents')
      .where({ type: 'offre.closed' })
      .whereRaw("JSON_EXTRACT(data, '$.offreId') in (?, ?)", [expired, lastDay]);
    expect(events).to.have.length(2);
    expect(events[0].entrepriseId).to.equal(recruteur.entrepriseId);
  });
});
