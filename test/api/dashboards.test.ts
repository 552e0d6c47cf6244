import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createOffre, createRecruteur } from '../helpers/factories.ts';
import { applyTo } from '../helpers/offre-factories.ts';
import { localDate } from '../../domain/shared/local-date.ts';

const api = () => agent();

describe('Dashboards', () => {
  describe('GET /candidats/me/dashboard', () => {
    it('counts applications by status, saved jobs, active alerts, and profile completion', async () => {
      const r = await createRecruteur();
      const c = await createCandidat();
      const o1 = await createOffre(r);
      const o2 = await createOffre(r);
      await applyTo(c, o1);
      const k2 = await applyTo(c, o2);
      await api()
        .patch(`/v1/api/candidatures/${k2}/status`)
        .set(r.auth)
        .send({ status: 'REJECTED' })
        .expect(200);
      await api().post('/v1/api/candidats/me/saved-jobs').set(c.auth).send({ offreId: o1 }).expect(200);
      const db = testDb();
      await db('jobAlerts').insert([
        { candidatId: c.id, email: c.email, keywords: 'java', active: true, unsubscribeToken: `t1${c.id}` },
        { candidatId: c.id, email: c.email, keywords: 'php', active: false, unsubscribeToken: `t2${c.id}` },
      ]);
      const res = await api().get('/v1/api/candidats/me/dashboard').set(c.auth).expect(200);
      const d = res.body.data;
      expect(d).to.have.all.keys(
        'candidaturesTotal',
        'candidaturesByStatus',
        'savedJobsCount',
        'activeAlertsCount',
        'profileCompletionPercent',
        'profileMissing',
        'companiesAppliedTo',
      );
      expect(d.candidaturesTotal).to.equal(2);
      // Both offers are of one company: one entry, with how the platform checked it.
      expect(d.companiesAppliedTo).to.have.length(1);
      expect(d.companiesAppliedTo[0]).to.include({ entrepriseId: r.entrepriseId, candidatures: 2 });
      expect(d.companiesAppliedTo[0].verification).to.have.all.keys('status', 'methods');
      expect(d.candidaturesByStatus).to.deep.equal({
        NEW: 1,
        IN_PROGRESS: 0,
        TO_MEET: 0,
        MET: 0,
        HIRED: 0,
        REJECTED: 1,
      });
      expect(d.savedJobsCount).to.equal(1);
      expect(d.activeAlertsCount).to.equal(1);
      // The factory fills only the telephone of the 10 items.
      expect(d.profileCompletionPercent).to.equal(10);
      expect(d.profileMissing).to.not.include('telephone');
      await db('candidates')
        .where({ id: c.id })
        .update({ jobTitle: 'Dev', competences: JSON.stringify(['Go']), availability: 'IMMEDIATE' });
      const more = await api().get('/v1/api/candidats/me/dashboard').set(c.auth).expect(200);
      expect(more.body.data.profileCompletionPercent).to.equal(40);
      expect(more.body.data.profileMissing).to.deep.equal([
        'photo',
        'cv',
        'experienceLevelId',
        'villeId',
        'employmentStatus',
        'qualificationLevel',
      ]);
    });

    it('is for candidates only', async () => {
      await api().get('/v1/api/candidats/me/dashboard').expect(401);
      await api()
        .get('/v1/api/candidats/me/dashboard')
        .set((await createRecruteur()).auth)
        .expect(403);
    });
  });

  describe('GET /recruiters/me/dashboard', () => {
    it('gives offers by state, applications by status and 30 days of applications, every day present', async () => {
      const r = await createRecruteur();
      const member = await createRecruteur({ entrepriseId: r.entrepriseId });
      const o1 = await createOffre(r);
      await createOffre(r, { status: 'DRAFT' });
      await createOffre(member, { status: 'ARCHIVED' });
      await createOffre(await createRecruteur());
      const c1 = await createCandidat();
      const c2 = await createCandidat();
      const k1 = await applyTo(c1, o1);
      await applyTo(c2, o1);
      await api()
        .patch(`/v1/api/candidatures/${k1}/status`)
        .set(r.auth)
        .send({ status: 'IN_PROGRESS' })
        .expect(200);
      // One application 10 days ago, one 40 days ago (outside the window).
      const o3 = await createOffre(r);
      const db = testDb();
      const now = Date.now();
      const tenDaysAgo = new Date(now - 10 * 86_400_000);
      await db('candidatures').insert([
        { offreId: o3, candidatId: c1.id, status: 'NEW', dateCandidature: tenDaysAgo },
        { offreId: o3, candidatId: c2.id, status: 'NEW', dateCandidature: new Date(now - 40 * 86_400_000) },
      ]);
      const res = await api().get('/v1/api/recruiters/me/dashboard').set(member.auth).expect(200);
      const d = res.body.data;
      expect(d).to.have.all.keys(
        'offresTotal',
        'offresByStatus',
        'candidaturesTotal',
        'candidaturesByStatus',
        'candidaturesParJour',
      );
      expect(d.offresByStatus).to.deep.equal({ DRAFT: 1, PUBLISHED: 2, ARCHIVED: 1 });
      expect(d.offresTotal).to.equal(4);
      expect(d.candidaturesByStatus).to.deep.equal({
        NEW: 3,
        IN_PROGRESS: 1,
        TO_MEET: 0,
        MET: 0,
        HIRED: 0,
        REJECTED: 0,
      });
      expect(d.candidaturesTotal).to.equal(4);
      expect(d.candidaturesParJour).to.have.length(30);
      const days = d.candidaturesParJour.map((x: { date: string }) => x.date);
      expect(days[29]).to.equal(localDate(new Date()));
      expect([...days].sort()).to.deep.equal(days);
      expect(new Set(days).size).to.equal(30);
      const byDay = new Map(
        d.candidaturesParJour.map((x: { date: string; count: number }) => [x.date, x.count]),
      );
      expect(byDay.get(localDate(new Date()))).to.equal(2);
      expect(byDay.get(localDate(tenDaysAgo))).to.equal(1);
      expect(d.candidaturesParJour.reduce((a: number, x: { count: number }) => a + x.count, 0)).to.equal(3);
    });

    it('needs an ACTIVE recruiter', async () => {
      await api()
        .get('/v1/api/recruiters/me/dashboard')
        .set((await createCandidat()).auth)
        .expect(403);
      const pending = await createRecruteur({ status: 'PENDING_DOCS' });
      const res = await api().get('/v1/api/recruiters/me/dashboard').set(pending.auth).expect(403);
      expect(res.body.error.code).to.equal('ACCOUNT_NOT_ACTIVE');
    });
  });
});
