import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import {
  createAdmin,
  createCandidat,
  createEntreprise,
  createOffre,
  createRecruteur,
  type TestAccount,
} from '../helpers/factories.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import { expectRefusedToNonAdmins } from '../helpers/admin-access.ts';
import { ManualClock } from '../../lib/clock.ts';
import { changePercent } from '../../domain/dashboards/admin-chart.ts';

/** Accounts created at a known instant (the chart counts accounts, whatever their profile). */
async function accountsAt(role: 'CANDIDAT' | 'RECRUTEUR', ...instants: string[]): Promise<void> {
  for (const at of instants) {
    await testDb()('accounts').insert({
      email: uniqueEmail('chart'),
      passwordHash: 'x',
      role,
      createdAt: new Date(at),
      updatedAt: new Date(at),
    });
  }
}

// Chart tests run with a clock in a year no other test writes to, so their counts are exact.
// (In the past: tokens issued now stay valid, their expiry is later than the clock.)
describe('Admin dashboard (stats and chart data)', () => {
  let admin: TestAccount;
  before(async () => {
    admin = await createAdmin();
  });

  describe('GET /admin/dashboard/chart', () => {
    it('one point per UTC day ending today, counts by day, current totals and change against the previous period', async () => {
      const clock = new ManualClock('2001-06-10T08:00:00Z');
      // Period of 7 days: 2001-06-04 .. 2001-06-10. Previous: 2001-05-28 .. 2001-06-03.
      await accountsAt(
        'CANDIDAT',
        '2001-06-04T00:00:00Z',
        '2001-06-04T23:59:59.999Z',
        '2001-06-10T07:59:00Z',
      );
      await accountsAt('CANDIDAT', '2001-06-03T23:59:59.999Z', '2001-05-28T00:00:00Z');
      await accountsAt('CANDIDAT', '2001-05-27T23:59:59Z', '2001-06-11T00:00:00Z'); // outside both periods
      await accountsAt('RECRUTEUR', '2001-06-07T12:00:00Z', '2001-06-07T13:00:00Z');
      await testDb()('accounts').insert({
        email: uniqueEmail('chart-admin'),
        passwordHash: 'x',
        role: 'ADMIN',
        createdAt: new Date('2001-06-07T12:00:00Z'),
      });

      const res = await agent({ clock })
        .get('/v1/api/admin/dashboard/chart')
        .query({ days: 7 })
        .set(admin.auth)
        .expect(200);
      expect(res.body.success).to.equal(true);
      expect(res.body.data).to.have.all.keys('data', 'stats');
      expect(res.body.data.data).to.deep.equal([
        { date: '2001-06-04', candidates: 2, recruiters: 0 },
        { date: '2001-06-05', candidates: 0, recruiters: 0 },
        { date: '2001-06-06', candidates: 0, recruiters: 0 },
        { date: '2001-06-07', candidates: 0, recruiters: 2 },
        { date: '2001-06-08', candidates: 0, recruiters: 0 },
        { date: '2001-06-09', candidates: 0, recruiters: 0 },
        { date: '2001-06-10', candidates: 1, recruiters: 0 },
      ]);
      expect(res.body.data.stats).to.deep.equal({
        currentCandidates: 3,
        currentRecruiters: 2,
        candidatesChangePercent: 50, // (3 - 2) / 2
        recruitersChangePercent: 100, // previous 0, current > 0
      });
    });

    it('defaults to 30 days; a decrease is negative and rounded to one decimal; 0 when both periods are empty', async () => {
      const clock = new ManualClock('2002-03-31T23:00:00Z');
      // Period 2002-03-02 .. 2002-03-31 (30 days): 1 candidate; previous 2002-01-31 .. 2002-03-01: 3 candidates.
      await accountsAt(
        'CANDIDAT',
        '2002-03-02T00:00:00Z',
        '2002-03-01T10:00:00Z',
        '2002-02-15T10:00:00Z',
        '2002-01-31T00:00:01Z',
      );
      const res = await agent({ clock }).get('/v1/api/admin/dashboard/chart').set(admin.auth).expect(200);
      const { data, stats } = res.body.data;
      expect(data).to.have.length(30);
      expect(data[0]).to.deep.equal({ date: '2002-03-02', candidates: 1, recruiters: 0 });
      expect(data[29].date).to.equal('2002-03-31');
      expect(stats).to.deep.equal({
        currentCandidates: 1,
        currentRecruiters: 0,
        candidatesChangePercent: -66.7,
        recruitersChangePercent: 0,
      });
    });

    it('the change formula', () => {
      expect(changePercent(3, 2)).to.equal(50);
      expect(changePercent(1, 3)).to.equal(-66.7);
      expect(changePercent(2, 3)).to.equal(-33.3);
      expect(changePercent(5, 0)).to.equal(100);
      expect(changePercent(0, 0)).to.equal(0);
      expect(changePercent(0, 4)).to.equal(-100);
    });

    it('400 for days outside 1..365 or not a number; 401/403 for others', async () => {
      for (const days of ['0', '366', 'abc', '1.5']) {
        const res = await agent()
          .get('/v1/api/admin/dashboard/chart')
          .query({ days })
          .set(admin.auth)
          .expect(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
      }
      await agent().get('/v1/api/admin/dashboard/chart').query({ days: 365 }).set(admin.auth).expect(200);
      await expectRefusedToNonAdmins('get', '/v1/api/admin/dashboard/chart');
    });
  });

  describe('GET /admin/dashboard/stats', () => {
    it('gives every total with every state, and follows new data', async () => {
      const before = (await agent().get('/v1/api/admin/dashboard/stats').set(admin.auth).expect(200)).body
        .data;
      expect(before).to.have.all.keys(
        'since',
        'candidates',
        'recruiters',
        'entreprises',
        'offres',
        'candidatures',
      );
      expect(before.candidates).to.have.all.keys('total', 'enabled', 'disabled', 'newThisWeek');
      expect(before.recruiters.byStatus).to.have.all.keys(
        'PENDING_EMAIL',
        'PENDING_DOCS',
        'PENDING_APPROVAL',
        'ACTIVE',
        'REJECTED',
        'SUSPENDED',
      );
      expect(before.entreprises.byPlan).to.have.all.keys('GRATUIT', 'ESSENTIEL', 'PRO', 'ENTREPRISE');
      expect(before.offres.byStatus).to.have.all.keys('DRAFT', 'PUBLISHED', 'ARCHIVED');
      expect(before.candidatures.byStatus).to.have.all.keys(
        'NEW',
        'IN_PROGRESS',
        'TO_MEET',
        'MET',
        'HIRED',
        'REJECTED',
      );

      const c = await createCandidat();
      await createCandidat({ enabled: false });
      const r = await createRecruteur({ status: 'SUSPENDED' });
      await createEntreprise({ plan: 'ENTREPRISE' });
      const offreId = await createOffre(r, { status: 'ARCHIVED' });
      await testDb()('candidatures').insert({ offreId, candidatId: c.id, status: 'TO_MEET' });
      // Created long ago: counted in totals, not in newThisWeek.
      const old = await createCandidat();
      await testDb()('accounts')
        .where({ id: old.id })
        .update({ createdAt: new Date('2003-01-01T00:00:00Z') });

      const after = (await agent().get('/v1/api/admin/dashboard/stats').set(admin.auth).expect(200)).body
        .data;
      expect(after.candidates.total - before.candidates.total).to.equal(3);
      expect(after.candidates.enabled - before.candidates.enabled).to.equal(2);
      expect(after.candidates.disabled - before.candidates.disabled).to.equal(1);
      expect(after.candidates.newThisWeek - before.candidates.newThisWeek).to.equal(2);
      expect(after.recruiters.byStatus.SUSPENDED - before.recruiters.byStatus.SUSPENDED).to.equal(1);
      expect(after.recruiters.total - before.recruiters.total).to.equal(1);
      expect(after.entreprises.total - before.entreprises.total).to.equal(2);
      expect(after.entreprises.byPlan.ENTREPRISE - before.entreprises.byPlan.ENTREPRISE).to.equal(1);
      expect(after.offres.byStatus.ARCHIVED - before.offres.byStatus.ARCHIVED).to.equal(1);
      expect(after.candidatures.byStatus.TO_MEET - before.candidatures.byStatus.TO_MEET).to.equal(1);
      expect(after.candidatures.newThisWeek - before.candidatures.newThisWeek).to.equal(1);
      expect(new Date(after.since).getTime()).to.be.closeTo(Date.now() - 7 * 24 * 3600 * 1000, 60_000);
    });

    it('401/403 for others', async () => {
      const candidat = await createCandidat();
      await agent().get('/v1/api/admin/dashboard/stats').set(candidat.auth).expect(403);
      await agent().get('/v1/api/admin/dashboard/stats').expect(401);
    });
  });
});
