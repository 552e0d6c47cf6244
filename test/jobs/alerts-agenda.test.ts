/** `alerts:daily-match` run by the real Agenda runner on MysqlBackend, in the test database. */
import { expect } from 'chai';
import type { Agenda } from 'agenda';
import { buildAgenda } from '../../jobs/agenda.ts';
import { matchAlertsJob } from '../../jobs/definitions/match-alerts.ts';
import { JOB_NAMES } from '../../jobs/names.ts';
import { testDeps } from '../helpers/env.ts';
import { createOffre, createRecruteur } from '../helpers/factories.ts';
import { alertEmails, createAlertRow, matchedOffres, retireAlerts } from '../helpers/alert-factories.ts';
import { waitFor } from './helpers.ts';

describe('Job alerts through the Agenda runner (alerts:daily-match)', () => {
  let agenda: Agenda | null = null;

  afterEach(async () => {
    if (agenda) await agenda.stop();
    agenda = null;
  });

  it('declares the daily schedule from ALERTS_CRON / ALERTS_TIMEZONE', () => {
    const deps = testDeps();
    expect(matchAlertsJob.name).to.equal('alerts:daily-match');
    expect(matchAlertsJob.every?.(deps)).to.deep.equal({ interval: '0 6 * * *', timezone: 'Africa/Douala' });
    expect(
      matchAlertsJob.every?.(testDeps({ config: { alertsCron: '30 7 * * 1-5', alertsTimezone: 'UTC' } })),
    ).to.deep.equal({
      interval: '30 7 * * 1-5',
      timezone: 'UTC',
    });
  });

  it('agenda.now() runs the matching and the digest lands in the email outbox', async () => {
    const recruteur = await createRecruteur({ plan: 'ENTREPRISE' });
    const createdAt = new Date(Date.now() - 120_000);
    const a = await createAlertRow({ keywords: 'taxidermiste', createdAt });
    const offreId = await createOffre(recruteur, {
      titre: 'Taxidermiste confirmé',
      publishedAt: new Date(Date.now() - 60_000),
    });
    try {
      agenda = await buildAgenda(testDeps(), {
        processEvery: 100,
        specs: [matchAlertsJob],
        name: 'alerts-test',
      });
      await agenda.start();
      await agenda.now(JOB_NAMES.matchAlerts);
      const emails = await waitFor(
        async () => {
          const rows = await alertEmails(a.email);
          return rows.length ? rows : null;
        },
        'the job alert email',
        15_000,
      );
      expect(emails).to.have.length(1);
      expect(emails[0].template).to.equal('job-alert');
      expect(await matchedOffres(a.id)).to.deep.equal([offreId]);
    } finally {
      await retireAlerts([a.id]);
    }
  });
});
