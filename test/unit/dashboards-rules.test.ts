/** Dashboards: the change against the previous period, the days of a chart, and counts by status. */
import { expect } from 'chai';
import { changePercent, DEFAULT_CHART_DAYS, MAX_CHART_DAYS } from '../../domain/dashboards/admin-chart.ts';
import { lastDays, DASHBOARD_DAYS } from '../../domain/dashboards/recruteur-dashboard.ts';
import { countsByStatus } from '../../domain/dashboards/candidat-dashboard.ts';

describe('Dashboard rules (unit)', () => {
  it('the change is (current - previous) / previous in percent, to one decimal', () => {
    expect(changePercent(150, 100)).to.equal(50);
    expect(changePercent(50, 100)).to.equal(-50);
    expect(changePercent(4, 3)).to.equal(33.3);
    expect(changePercent(2, 3)).to.equal(-33.3);
    expect(changePercent(100, 100)).to.equal(0);
  });

  it('from nothing, any sign-up is +100 %; nothing after nothing is 0 %', () => {
    expect(changePercent(7, 0)).to.equal(100);
    expect(changePercent(0, 0)).to.equal(0);
  });

  it('the admin chart covers 30 days unless asked, at most a year', () => {
    expect(DEFAULT_CHART_DAYS).to.equal(30);
    expect(MAX_CHART_DAYS).to.equal(365);
  });

  it('a recruiter’s chart has one point for each of the last 30 days, today included, oldest first', () => {
    expect(DASHBOARD_DAYS).to.equal(30);
    const days = lastDays('2026-03-02', 30);
    expect(days).to.have.length(30);
    expect(days[0]).to.equal('2026-02-01');
    expect(days.at(-1)).to.equal('2026-03-02');
    expect(lastDays('2024-03-01', 3)).to.deep.equal(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(lastDays('2027-01-01', 2)).to.deep.equal(['2026-12-31', '2027-01-01']);
  });

  it('counts by status show every status, 0 for those without applications', () => {
    expect(
      countsByStatus([
        { status: 'NEW', n: '4' },
        { status: 'HIRED', n: 1 },
      ]),
    ).to.deep.equal({ NEW: 4, IN_PROGRESS: 0, TO_MEET: 0, MET: 0, HIRED: 1, REJECTED: 0 });
  });
});
