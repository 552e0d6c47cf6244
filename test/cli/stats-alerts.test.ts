import { expect } from 'chai';
import { ManualClock } from '../../lib/clock.ts';
import { createCandidat, createOffre, createRecruteur } from '../helpers/factories.ts';
import { alertEmails, createAlertRow, matchedOffres, retireAlerts } from '../helpers/alert-factories.ts';
import { runBinary, parseJson } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import type { AdminStats } from '../../domain/dashboards/admin-stats.ts';
import type { AdminChart } from '../../domain/dashboards/admin-chart.ts';

const HOUR = 3600_000;

describe('CLI: recrutement stats', function () {
  this.timeout(60000);

  it('--json prints the dashboard totals and chart data of the admin routes', async () => {
    await createCandidat();
    await createRecruteur({ status: 'PENDING_APPROVAL' });
    const r = await runInProcess(['stats', '--days', '7', '--json']);
    expect(r.code, r.stderr).to.equal(0);
    const { stats, chart } = parseJson<{ stats: AdminStats; chart: AdminChart }>(r);
    expect(stats).to.have.all.keys(
      'since',
      'candidates',
      'recruiters',
      'entreprises',
      'offres',
      'candidatures',
    );
    expect(stats.candidates.total).to.be.at.least(1);
    expect(stats.recruiters.byStatus.PENDING_APPROVAL).to.be.at.least(1);
    expect(chart.data).to.have.length(7);
    expect(chart.data[6].date).to.equal(new Date().toISOString().slice(0, 10));
    expect(chart.data[6].candidates).to.be.at.least(1);
    expect(chart.stats).to.have.all.keys(
      'currentCandidates',
      'currentRecruiters',
      'candidatesChangePercent',
      'recruitersChangePercent',
    );
  });

  it('prints tables and terminal charts; --days out of range is bad usage (real binary)', async () => {
    await createCandidat();
    const r = await runInProcess(['stats']);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stdout)
      .to.contain('candidates')
      .and.to.contain('applications')
      .and.to.contain('sign-ups, last 30 days');
    expect(r.stdout).to.contain('Candidates per day').and.to.contain('Recruiters per day');
    expect(r.stdout).to.match(/┤.*[▁▂▃▄▅▆▇█]/);
    expect(r.stdout).to.contain(new Date().toISOString().slice(0, 10));

    const bad = await runBinary(['stats', '--days', '400']);
    expect(bad.code).to.equal(2);
    expect(bad.stderr).to.contain("option '--days <n>' argument '400' is invalid. at most 365");
  });
});

describe('CLI: recrutement alerts run', function () {
  this.timeout(60000);
  const created: number[] = [];
  after(() => retireAlerts(created));

  it('--dry-run reports the matches and writes nothing; a real run queues the digest', async () => {
    // A past timeline of its own, so other tests' alerts and offers do not match this one.
    const t0 = new Date('2020-03-02T06:00:00Z');
    const recruteur = await createRecruteur({ plan: 'ENTREPRISE' });
    const alert = await createAlertRow({ keywords: 'hydrographe', createdAt: t0 });
    created.push(alert.id);
    const offre = await createOffre(recruteur, {
      titre: 'Hydrographe portuaire',
      publishedAt: new Date(t0.getTime() + 2 * HOUR),
    });
    const clock = new ManualClock(new Date(t0.getTime() + 24 * HOUR));

    const dry = await runInProcess(['alerts', 'run', '--dry-run', '--json'], { clock });
    expect(dry.code, dry.stderr).to.equal(0);
    const dryReport = parseJson<Record<string, unknown>>(dry);
    expect(dryReport).to.have.all.keys(
      'alertsScanned',
      'alertsMatched',
      'emailsQueued',
      'offresSent',
      'alertsFailed',
      'dryRun',
    );
    expect(dryReport.dryRun).to.equal(true);
    expect(dryReport.alertsMatched).to.be.at.least(1);
    expect(await matchedOffres(alert.id)).to.deep.equal([]);
    expect(await alertEmails(alert.email)).to.have.length(0);

    const real = await runInProcess(['alerts', 'run'], { clock });
    expect(real.code, real.stderr).to.equal(0);
    expect(real.stdout)
      .to.contain('alerts scanned')
      .and.to.match(/\d+ email\(s\) queued for the job runner/);
    expect(await matchedOffres(alert.id)).to.deep.equal([offre]);
    expect(await alertEmails(alert.email)).to.have.length(1);

    const unknown = await runInProcess(['alerts', 'run', '--dryrun']);
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.contain("unknown option '--dryrun'");
  });
});
