import { expect } from 'chai';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import {
  createAdmin,
  createCandidat,
  createEntreprise,
  createOffre,
  createRecruteur,
  type TestAccount,
} from '../helpers/factories.ts';
import { unique } from '../helpers/unique.ts';
import { expectRefusedToNonAdmins } from '../helpers/admin-access.ts';
import { disableCandidat } from '../../domain/candidats/disable-candidat.ts';

const CANDIDAT_KEYS = [
  'id',
  'email',
  'nom',
  'prenom',
  'telephone',
  'enabled',
  'emailVerified',
  'profilPublic',
  'candidaturesCount',
  'createdAt',
  'lastLoginAt',
];
const RECRUTEUR_KEYS = [
  'id',
  'email',
  'nom',
  'prenom',
  'telephone',
  'posteOccupe',
  'status',
  'companyRole',
  'enabled',
  'emailVerified',
  'entrepriseId',
  'entrepriseNom',
  'createdAt',
];
const ENTREPRISE_KEYS = [
  'id',
  'nomEntreprise',
  'secteurActiviteId',
  'secteurActivite',
  'description',
  'plan',
  'status',
  'totalRecruitersCount',
  'validatedRecruitersCount',
  'offresCount',
  'publishedOffresCount',
  'createdAt',
  'updatedAt',
];
const OFFRE_KEYS = [
  'id',
  'titre',
  'status',
  'contractType',
  'entrepriseId',
  'entrepriseNom',
  'recruteurId',
  'recruteurEmail',
  'totalCandidatures',
  'deadline',
  'publishedAt',
  'createdAt',
  'updatedAt',
];
const CANDIDATURE_KEYS = [
  'id',
  'status',
  'dateCandidature',
  'lastActionDate',
  'candidatId',
  'candidatNom',
  'candidatPrenom',
  'candidatEmail',
  'offreId',
  'offreTitre',
  'entrepriseId',
  'entrepriseNom',
  'cvFileId',
  'cvUrl',
];

async function auditRows(action: string, targetId: number | string) {
  return testDb()('auditLogs').where({ action, targetId: String(targetId) });
}

async function expectRoleRefusals(method: 'get' | 'post' | 'put' | 'delete', url: string, body: object = {}) {
  const { asCandidate: asCandidat, anonymous } = await expectRefusedToNonAdmins(method, url, body);
  expect(asCandidat.body.error.code).to.equal('FORBIDDEN');
  expect(anonymous.body.error.code).to.equal('TOKEN_MISSING');
}

describe('Admin moderation', () => {
  let admin: TestAccount;
  before(async () => {
    admin = await createAdmin();
  });

  describe('candidates', () => {
    it('GET /admin/candidates is a bare page filtered by q and enabled, with the item shape', async () => {
      const nom = unique('Nom');
      const c = await createCandidat({ nom });
      await createCandidat({ nom, enabled: false });
      const res = await agent()
        .get('/v1/api/admin/candidates')
        .query({ q: nom, sort: 'createdAt,asc' })
        .set(admin.auth)
        .expect(200);
      expect(res.body).to.have.all.keys('content', 'page');
      expect(res.body.page).to.deep.equal({ size: 20, number: 0, totalElements: 2, totalPages: 1 });
      const item = res.body.content[0];
      expect(item).to.have.all.keys(...CANDIDAT_KEYS);
      expect(item).to.include({
        id: c.id,
        email: c.email,
        nom,
        prenom: 'Aline',
        enabled: true,
        emailVerified: true,
        profilPublic: false,
        candidaturesCount: 0,
      });
      const enabledOnly = await agent()
        .get('/v1/api/admin/candidates')
        .query({ q: nom, enabled: 'true' })
        .set(admin.auth)
        .expect(200);
      expect(enabledOnly.body.content.map((x: { id: number }) => x.id)).to.deep.equal([c.id]);
      const disabledOnly = await agent()
        .get('/v1/api/admin/candidates')
        .query({ q: nom, enabled: false })
        .set(admin.auth)
        .expect(200);
      expect(disabledOnly.body.content).to.have.length(1);
      expect(disabledOnly.body.content[0].enabled).to.equal(false);
    });

    it('q takes % and _ literally', async () => {
      const res = await agent()
        .get('/v1/api/admin/candidates')
        .query({ q: '%_%' })
        .set(admin.auth)
        .expect(200);
      expect(res.body.page.totalElements).to.equal(0);
    });

    it('refuses a sort field that is not allow-listed, and other roles', async () => {
      const res = await agent()
        .get('/v1/api/admin/candidates')
        .query({ sort: 'passwordHash,asc' })
        .set(admin.auth)
        .expect(400);
      expect(res.body.error.code).to.equal('VALIDATION_ERROR');
      await agent().get('/v1/api/admin/candidates').query({ enabled: 'maybe' }).set(admin.auth).expect(400);
      await expectRoleRefusals('get', '/v1/api/admin/candidates');
    });

    it('disable revokes every token at once, enable lets the account back in; both audited', async () => {
      const c = await createCandidat();
      // A valid token reaches the route (404 for an unknown comment) ...
      await agent()
        .post('/v1/api/blog/comments/999999999/report')
        .set(c.auth)
        .send({ reason: 'x' })
        .expect(404);
      const res = await agent().post(`/v1/api/admin/candidates/${c.id}/disable`).set(admin.auth).expect(200);
      expect(res.body).to.include({ success: true, message: 'Candidat désactivé' });
      expect(res.body.data).to.have.all.keys(...CANDIDAT_KEYS);
      expect(res.body.data).to.include({ id: c.id, enabled: false });
      // ... and the same token is refused right after.
      await agent()
        .post('/v1/api/blog/comments/999999999/report')
        .set(c.auth)
        .send({ reason: 'x' })
        .expect(401);
      const live = await testDb()('authTokens').where({ accountId: c.id }).whereNull('revokedAt');
      expect(live).to.have.length(0);
      const [audit] = await auditRows('candidate.disabled', c.id);
      expect(audit).to.include({
        actorType: 'account',
        actorId: String(admin.id),
        actorEmail: admin.email,
        targetType: 'candidate',
      });
      expect(audit.ip).to.be.a('string');

      const enabled = await agent()
        .post(`/v1/api/admin/candidates/${c.id}/enable`)
        .set(admin.auth)
        .expect(200);
      expect(enabled.body.data.enabled).to.equal(true);
      expect(await auditRows('candidate.enabled', c.id)).to.have.length(1);
    });

    it('the CLI calls the same use case with a system actor: audited with ip "cli"', async () => {
      const c = await createCandidat();
      const view = await disableCandidat(domainCtx({ type: 'system', id: 'cli:operator' }), {
        candidateId: c.id,
      });
      expect(view.enabled).to.equal(false);
      const [audit] = await auditRows('candidate.disabled', c.id);
      expect(audit).to.include({ actorType: 'system', actorId: 'cli:operator', actorEmail: null, ip: 'cli' });
    });

    it('404 for an unknown id or an account that is not a candidate, 400 for a bad id, 403 for others', async () => {
      const r = await createRecruteur();
      const res = await agent()
        .post('/v1/api/admin/candidates/999999999/disable')
        .set(admin.auth)
        .expect(404);
      expect(res.body.error.code).to.equal('NOT_FOUND');
      await agent().post(`/v1/api/admin/candidates/${r.id}/disable`).set(admin.auth).expect(404);
      await agent().post('/v1/api/admin/candidates/abc/enable').set(admin.auth).expect(400);
      const c = await createCandidat();
      await expectRoleRefusals('post', `/v1/api/admin/candidates/${c.id}/disable`);
      const still = await testDb()('accounts').where({ id: c.id }).first('enabled');
      expect(still.enabled).to.equal(true);
    });
  });

  describe('recruiters list', () => {
    it('filters by status (PENDING is PENDING_APPROVAL), q on the company name, and has the item shape', async () => {
      const nom = unique('Societe ');
      const entrepriseId = await createEntreprise({ nom });
      const pending = await createRecruteur({
        entrepriseId,
        status: 'PENDING_APPROVAL',
        companyRole: 'OWNER',
      });
      const active = await createRecruteur({ entrepriseId, status: 'ACTIVE' });
      const all = await agent().get('/v1/api/admin/recruiters').query({ q: nom }).set(admin.auth).expect(200);
      expect(all.body.page.totalElements).to.equal(2);
      const res = await agent()
        .get('/v1/api/admin/recruiters')
        .query({ q: nom, status: 'PENDING' })
        .set(admin.auth)
        .expect(200);
      expect(res.body.content).to.have.length(1);
      expect(res.body.content[0]).to.have.all.keys(...RECRUTEUR_KEYS);
      expect(res.body.content[0]).to.include({
        id: pending.id,
        status: 'PENDING_APPROVAL',
        companyRole: 'OWNER',
        entrepriseId,
        entrepriseNom: nom,
        enabled: true,
      });
      const exact = await agent()
        .get('/v1/api/admin/recruiters')
        .query({ entrepriseId, status: 'ACTIVE' })
        .set(admin.auth)
        .expect(200);
      expect(exact.body.content.map((x: { id: number }) => x.id)).to.deep.equal([active.id]);
    });

    it('400 on an unknown status, 403/401 for others', async () => {
      const res = await agent()
        .get('/v1/api/admin/recruiters')
        .query({ status: 'WAITING' })
        .set(admin.auth)
        .expect(400);
      expect(res.body.error.details).to.contain('status');
      await expectRoleRefusals('get', '/v1/api/admin/recruiters');
    });
  });

  describe('companies', () => {
    it('GET /admin/entreprises filters by q, plan and secteurId, with counts', async () => {
      const secteur = await testDb()('secteursActivite').orderBy('id', 'desc').first('id', 'nom');
      const nom = unique('Firme ');
      const entrepriseId = await createEntreprise({ nom, plan: 'PRO', secteurActiviteId: secteur.id });
      const r = await createRecruteur({ entrepriseId, status: 'ACTIVE', companyRole: 'OWNER' });
      await createRecruteur({ entrepriseId, status: 'PENDING_APPROVAL' });
      await createOffre(r, { status: 'PUBLISHED' });
      await createOffre(r, { status: 'DRAFT' });
      const res = await agent()
        .get('/v1/api/admin/entreprises')
        .query({ q: nom, plan: 'PRO', secteurId: secteur.id })
        .set(admin.auth)
        .expect(200);
      expect(res.body.content).to.have.length(1);
      const item = res.body.content[0];
      expect(item).to.have.all.keys(...ENTREPRISE_KEYS);
      expect(item).to.include({
        id: entrepriseId,
        nomEntreprise: nom,
        plan: 'PRO',
        status: 'ACTIVE',
        secteurActiviteId: secteur.id,
        secteurActivite: secteur.nom,
        totalRecruitersCount: 2,
        validatedRecruitersCount: 1,
        offresCount: 2,
        publishedOffresCount: 1,
      });
      const other = await agent()
        .get('/v1/api/admin/entreprises')
        .query({ q: nom, plan: 'GRATUIT' })
        .set(admin.auth)
        .expect(200);
      expect(other.body.content).to.have.length(0);
      await agent().get('/v1/api/admin/entreprises').query({ plan: 'GOLD' }).set(admin.auth).expect(400);
      await expectRoleRefusals('get', '/v1/api/admin/entreprises');
    });

    it('PUT /admin/entreprises/{id} edits name, sector, description and status; audited', async () => {
      const entrepriseId = await createEntreprise();
      const secteur = await testDb()('secteursActivite').orderBy('id').first('id', 'nom');
      const nom = unique('Renommee ');
      const res = await agent()
        .put(`/v1/api/admin/entreprises/${entrepriseId}`)
        .set(admin.auth)
        .send({
          nomEntreprise: `  ${nom} `,
          secteurActiviteId: secteur.id,
          description: 'Modérée',
          status: 'DISABLED',
        })
        .expect(200);
      expect(res.body.data).to.have.all.keys(...ENTREPRISE_KEYS);
      expect(res.body.data).to.include({
        nomEntreprise: nom,
        secteurActiviteId: secteur.id,
        secteurActivite: secteur.nom,
        description: 'Modérée',
        status: 'DISABLED',
      });
      const [audit] = await auditRows('entreprise.updated', entrepriseId);
      const details = typeof audit.details === 'string' ? JSON.parse(audit.details) : audit.details;
      expect(details.fields).to.have.members(['nomEntreprise', 'secteurActiviteId', 'description', 'status']);
    });

    it('PUT refuses an empty body, a bad status, an unknown sector (400), an unknown company (404), other roles', async () => {
      const entrepriseId = await createEntreprise();
      await agent().put(`/v1/api/admin/entreprises/${entrepriseId}`).set(admin.auth).send({}).expect(400);
      await agent()
        .put(`/v1/api/admin/entreprises/${entrepriseId}`)
        .set(admin.auth)
        .send({ status: 'CLOSED' })
        .expect(400);
      const sector = await agent()
        .put(`/v1/api/admin/entreprises/${entrepriseId}`)
        .set(admin.auth)
        .send({ secteurActiviteId: 999999999 })
        .expect(400);
      expect(sector.body.error.details).to.contain('secteurActiviteId');
      await agent()
        .put('/v1/api/admin/entreprises/999999999')
        .set(admin.auth)
        .send({ description: 'x' })
        .expect(404);
      await expectRoleRefusals('put', `/v1/api/admin/entreprises/${entrepriseId}`, { description: 'x' });
    });

    it('PUT /admin/entreprises/{id}/plan sets the plan and audits old and new', async () => {
      const entrepriseId = await createEntreprise();
      const res = await agent()
        .put(`/v1/api/admin/entreprises/${entrepriseId}/plan`)
        .set(admin.auth)
        .send({ plan: 'ESSENTIEL' })
        .expect(200);
      expect(res.body.data).to.include({ id: entrepriseId, plan: 'ESSENTIEL' });
      const [audit] = await auditRows('entreprise.plan_changed', entrepriseId);
      const details = typeof audit.details === 'string' ? JSON.parse(audit.details) : audit.details;
      expect(details).to.deep.equal({ oldPlan: 'GRATUIT', newPlan: 'ESSENTIEL' });
      const bad = await agent()
        .put(`/v1/api/admin/entreprises/${entrepriseId}/plan`)
        .set(admin.auth)
        .send({ plan: 'PLATINE' })
        .expect(400);
      expect(bad.body.error.code).to.equal('VALIDATION_ERROR');
      await agent()
        .put(`/v1/api/admin/entreprises/${entrepriseId}/plan`)
        .set(admin.auth)
        .send({})
        .expect(400);
      await agent()
        .put('/v1/api/admin/entreprises/999999999/plan')
        .set(admin.auth)
        .send({ plan: 'PRO' })
        .expect(404);
      await expectRoleRefusals('put', `/v1/api/admin/entreprises/${entrepriseId}/plan`, { plan: 'PRO' });
    });

    it('DELETE is refused with 409 ENTREPRISE_IN_USE while recruiters belong to it', async () => {
      const r = await createRecruteur();
      const res = await agent()
        .delete(`/v1/api/admin/entreprises/${r.entrepriseId}`)
        .set(admin.auth)
        .expect(409);
      expect(res.body.error).to.include({
        code: 'ENTREPRISE_IN_USE',
        message: 'Cette entreprise a encore des recruteurs',
        details: 'Cette entreprise a encore des recruteurs (recruiters: 1)',
      });
      const en = await agent()
        .delete(`/v1/api/admin/entreprises/${r.entrepriseId}`)
        .set(admin.auth)
        .set('Accept-Language', 'en')
        .expect(409);
      expect(en.body.error.details).to.equal('This company still has recruiters (recruiters: 1)');
      expect(await testDb()('entreprises').where({ id: r.entrepriseId }).first('id')).to.not.equal(undefined);
    });

    it('DELETE removes a company without recruiters, with its orphan offers; audited', async () => {
      const r = await createRecruteur();
      const offreId = await createOffre(r);
      await testDb()('recruiters').where({ id: r.id }).delete();
      const res = await agent()
        .delete(`/v1/api/admin/entreprises/${r.entrepriseId}`)
        .set(admin.auth)
        .expect(200);
      expect(res.body.data).to.deep.equal({});
      expect(await testDb()('entreprises').where({ id: r.entrepriseId }).first('id')).to.equal(undefined);
      expect(await testDb()('offres').where({ id: offreId }).first('id')).to.equal(undefined);
      expect(await auditRows('entreprise.deleted', r.entrepriseId)).to.have.length(1);
      await agent().delete(`/v1/api/admin/entreprises/${r.entrepriseId}`).set(admin.auth).expect(404);
      await expectRoleRefusals('delete', `/v1/api/admin/entreprises/${r.entrepriseId}`);
    });
  });

  describe('offers', () => {
    it('GET /admin/offres lists every state, filtered by status and q', async () => {
      const r = await createRecruteur();
      const titre = unique('Poste ');
      const published = await createOffre(r, { titre, status: 'PUBLISHED' });
      const draft = await createOffre(r, { titre, status: 'DRAFT' });
      const all = await agent()
        .get('/v1/api/admin/offres')
        .query({ q: titre, sort: 'createdAt,asc' })
        .set(admin.auth)
        .expect(200);
      expect(all.body.content.map((o: { id: number }) => o.id)).to.have.members([published, draft]);
      const drafts = await agent()
        .get('/v1/api/admin/offres')
        .query({ q: titre, status: 'DRAFT' })
        .set(admin.auth)
        .expect(200);
      expect(drafts.body.content).to.have.length(1);
      expect(drafts.body.content[0]).to.have.all.keys(...OFFRE_KEYS);
      expect(drafts.body.content[0]).to.include({
        id: draft,
        titre,
        status: 'DRAFT',
        entrepriseId: r.entrepriseId,
        recruteurId: r.id,
        recruteurEmail: r.email,
        totalCandidatures: 0,
      });
      await agent().get('/v1/api/admin/offres').query({ status: 'OPEN' }).set(admin.auth).expect(400);
      await expectRoleRefusals('get', '/v1/api/admin/offres');
    });

    it('archive: PUBLISHED -> ARCHIVED with offre.closed and an audit entry; any other state is 409', async () => {
      const r = await createRecruteur();
      const offreId = await createOffre(r, { status: 'PUBLISHED' });
      const res = await agent()
        .post(`/v1/api/admin/offres/${offreId}/archive`)
        .set(admin.auth)
        .send({ reason: 'Annonce trompeuse' })
        .expect(200);
      expect(res.body.data).to.have.all.keys(...OFFRE_KEYS);
      expect(res.body.data).to.include({ id: offreId, status: 'ARCHIVED' });
      const events = await testDb()('domainEvents').where({
        type: 'offre.closed',
        entrepriseId: r.entrepriseId,
      });
      expect(events).to.have.length(1);
      const data = typeof events[0].data === 'string' ? JSON.parse(events[0].data) : events[0].data;
      expect(data).to.deep.equal({ offreId, entrepriseId: r.entrepriseId, reason: 'ADMIN_ARCHIVED' });
      expect(await auditRows('offre.archived', offreId)).to.have.length(1);
      const again = await agent().post(`/v1/api/admin/offres/${offreId}/archive`).set(admin.auth).expect(409);
      expect(again.body.error.code).to.equal('INVALID_TRANSITION');
      const draft = await createOffre(r, { status: 'DRAFT' });
      await agent().post(`/v1/api/admin/offres/${draft}/archive`).set(admin.auth).expect(409);
      await agent().post('/v1/api/admin/offres/999999999/archive').set(admin.auth).expect(404);
      await expectRoleRefusals('post', `/v1/api/admin/offres/${draft}/archive`);
    });

    it('DELETE /admin/offres/{id} removes an offer in any state with its applications; audited', async () => {
      const r = await createRecruteur();
      const c = await createCandidat();
      const offreId = await createOffre(r, { status: 'PUBLISHED' });
      await testDb()('candidatures').insert({ offreId, candidatId: c.id, status: 'NEW' });
      await expectRoleRefusals('delete', `/v1/api/admin/offres/${offreId}`);
      const res = await agent().delete(`/v1/api/admin/offres/${offreId}`).set(admin.auth).expect(200);
      expect(res.body).to.include({ success: true, message: 'Offre supprimée' });
      expect(res.body.data).to.deep.equal({});
      expect(await testDb()('offres').where({ id: offreId }).first('id')).to.equal(undefined);
      expect(await testDb()('candidatures').where({ offreId })).to.have.length(0);
      expect(await auditRows('offre.deleted', offreId)).to.have.length(1);
      await agent().delete(`/v1/api/admin/offres/${offreId}`).set(admin.auth).expect(404);
    });
  });

  describe('applications', () => {
    it('GET /admin/candidatures filters by status, offreId and q', async () => {
      const r = await createRecruteur();
      const nom = unique('Cand');
      const c1 = await createCandidat({ nom });
      const c2 = await createCandidat();
      const offreId = await createOffre(r);
      const [first] = await testDb()('candidatures').insert({ offreId, candidatId: c1.id, status: 'NEW' });
      await testDb()('candidatures').insert({ offreId, candidatId: c2.id, status: 'HIRED' });
      const res = await agent()
        .get('/v1/api/admin/candidatures')
        .query({ offreId })
        .set(admin.auth)
        .expect(200);
      expect(res.body.page.totalElements).to.equal(2);
      const hired = await agent()
        .get('/v1/api/admin/candidatures')
        .query({ offreId, status: 'HIRED' })
        .set(admin.auth)
        .expect(200);
      expect(hired.body.content.map((x: { candidatId: number }) => x.candidatId)).to.deep.equal([c2.id]);
      const byName = await agent()
        .get('/v1/api/admin/candidatures')
        .query({ q: nom })
        .set(admin.auth)
        .expect(200);
      expect(byName.body.content).to.have.length(1);
      expect(byName.body.content[0]).to.have.all.keys(...CANDIDATURE_KEYS);
      expect(byName.body.content[0]).to.include({
        id: first,
        status: 'NEW',
        candidatId: c1.id,
        candidatNom: nom,
        candidatPrenom: 'Aline',
        candidatEmail: c1.email,
        offreId,
        entrepriseId: r.entrepriseId,
      });
      await agent()
        .get('/v1/api/admin/candidatures')
        .query({ status: 'PENDING' })
        .set(admin.auth)
        .expect(400);
      await agent()
        .get('/v1/api/admin/candidatures')
        .query({ sort: 'candidatEmail,asc' })
        .set(admin.auth)
        .expect(400);
      await expectRoleRefusals('get', '/v1/api/admin/candidatures');
    });
  });
});
