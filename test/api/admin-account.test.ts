import { expect } from 'chai';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createAdmin, createCandidat, DEFAULT_PASSWORD, type TestAccount } from '../helpers/factories.ts';
import { unique, uniqueEmail } from '../helpers/unique.ts';
import { expectRefusedToNonAdmins } from '../helpers/admin-access.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { createAdmin as createAdminUseCase } from '../../domain/admins/create-admin.ts';

const PROFILE_KEYS = [
  'id',
  'nom',
  'prenom',
  'email',
  'telephone',
  'niveauAcces',
  'langue',
  'enabled',
  'roles',
  'createdAt',
  'updatedAt',
];
const AUDIT_KEYS = [
  'id',
  'actorType',
  'actorId',
  'actorEmail',
  'action',
  'targetType',
  'targetId',
  'ip',
  'createdAt',
];

async function refusedToOthers(
  method: 'get' | 'post' | 'put',
  url: string,
  body: object = {},
  opts: { admin?: boolean } = {},
) {
  await expectRefusedToNonAdmins(method, url, body);
  if (opts.admin) {
    const admin = await createAdmin();
    const res = await agent()[method](url).set(admin.auth).send(body).expect(403);
    expect(res.body.error.code).to.equal('FORBIDDEN');
  }
}

describe('Admin account, administrators and audit log', () => {
  describe('/admin/account/profile', () => {
    it('GET gives the Administrator profile', async () => {
      const admin = await createAdmin();
      const res = await agent().get('/v1/api/admin/account/profile').set(admin.auth).expect(200);
      expect(res.body.success).to.equal(true);
      expect(res.body.data).to.have.all.keys(...PROFILE_KEYS);
      expect(res.body.data).to.include({
        id: admin.id,
        email: admin.email,
        nom: 'Admin',
        prenom: 'Test',
        telephone: null,
        niveauAcces: 'ADMIN',
        enabled: true,
      });
      expect(res.body.data.roles).to.deep.equal(['ADMIN']);
      const superAdmin = await createAdmin({ superAdmin: true });
      const sup = await agent().get('/v1/api/admin/account/profile').set(superAdmin.auth).expect(200);
      expect(sup.body.data.roles).to.deep.equal(['SUPER_ADMIN']);
      await refusedToOthers('get', '/v1/api/admin/account/profile');
    });

    it('PUT changes only the fields sent; audited; empty or bad bodies are 400', async () => {
      const admin = await createAdmin();
      const res = await agent()
        .put('/v1/api/admin/account/profile')
        .set(admin.auth)
        .send({ prenom: ' Brigitte ', telephone: '+237699112233' })
        .expect(200);
      expect(res.body.data).to.have.all.keys(...PROFILE_KEYS);
      expect(res.body.data).to.include({ nom: 'Admin', prenom: 'Brigitte', telephone: '+237699112233' });
      const audit = await testDb()('auditLogs').where({
        action: 'admin.profile_updated',
        targetId: String(admin.id),
      });
      expect(audit).to.have.length(1);
      await agent().put('/v1/api/admin/account/profile').set(admin.auth).send({}).expect(400);
      await agent().put('/v1/api/admin/account/profile').set(admin.auth).send({ nom: 42 }).expect(400);
      const blank = await agent()
        .put('/v1/api/admin/account/profile')
        .set(admin.auth)
        .send({ nom: '   ' })
        .expect(400);
      expect(blank.body.error.details).to.contain('nom');
      await refusedToOthers('put', '/v1/api/admin/account/profile', { nom: 'X' });
    });
  });

  describe('POST /admin/account/change-password', () => {
    it('401 INVALID_CREDENTIALS with a wrong current password, 400 for a short new one', async () => {
      const admin = await createAdmin();
      const wrong = await agent()
        .post('/v1/api/admin/account/change-password')
        .set(admin.auth)
        .send({ currentPassword: 'nope-nope', newPassword: 'Nouveau123!' })
        .expect(401);
      expect(wrong.body.error.code).to.equal('INVALID_CREDENTIALS');
      expect(wrong.body.error.message).to.equal('Le mot de passe actuel est incorrect');
      const wrongEn = await agent()
        .post('/v1/api/admin/account/change-password')
        .set(admin.auth)
        .set('Accept-Language', 'en')
        .send({ currentPassword: 'nope-nope', newPassword: 'Nouveau123!' })
        .expect(401);
      expect(wrongEn.body.error.message).to.equal('The current password is incorrect');
      await agent()
        .post('/v1/api/admin/account/change-password')
        .set(admin.auth)
        .send({ currentPassword: DEFAULT_PASSWORD, newPassword: 'court' })
        .expect(400);
      await agent()
        .post('/v1/api/admin/account/change-password')
        .set(admin.auth)
        .send({ currentPassword: DEFAULT_PASSWORD })
        .expect(400);
      // Still signed in: nothing changed.
      await agent().get('/v1/api/admin/account/profile').set(admin.auth).expect(200);
      await refusedToOthers('post', '/v1/api/admin/account/change-password', {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: 'Nouveau123!',
      });
    });

    it('changes the password and revokes every token of the account, the current one included', async () => {
      const admin = await createAdmin();
      const res = await agent()
        .post('/v1/api/admin/account/change-password')
        .set(admin.auth)
        .send({ currentPassword: DEFAULT_PASSWORD, newPassword: 'Nouveau123!' })
        .expect(200);
      expect(res.body.data).to.deep.equal({});
      const account = await testDb()('accounts').where({ id: admin.id }).first('passwordHash');
      expect(await verifyPassword(account.passwordHash, 'Nouveau123!')).to.equal(true);
      expect(await verifyPassword(account.passwordHash, DEFAULT_PASSWORD)).to.equal(false);
      await agent().get('/v1/api/admin/account/profile').set(admin.auth).expect(401);
      expect(
        await testDb()('auditLogs').where({ action: 'admin.password_changed', targetId: String(admin.id) }),
      ).to.have.length(1);
    });
  });

  describe('/admin/admins (SUPER_ADMIN only)', () => {
    let superAdmin: TestAccount;
    before(async () => {
      superAdmin = await createAdmin({ superAdmin: true });
    });

    it('POST creates an ADMIN with a verified email; 409 EMAIL_ALREADY_USED on a taken address', async () => {
      const email = uniqueEmail('new-admin');
      const res = await agent()
        .post('/v1/api/admin/admins')
        .set(superAdmin.auth)
        .send({ email: email.toUpperCase(), password: 'Admin12345!', nom: 'Ngo', prenom: 'Marie' })
        .expect(200);
      expect(res.body).to.include({ success: true, message: 'Administrator created' });
      expect(res.body.data).to.have.all.keys(...PROFILE_KEYS);
      expect(res.body.data).to.include({
        email,
        nom: 'Ngo',
        prenom: 'Marie',
        telephone: null,
        niveauAcces: 'STANDARD',
        enabled: true,
        langue: 'fr',
      });
      expect(res.body.data.roles).to.deep.equal(['ADMIN']);
      const account = await testDb()('accounts').where({ email }).first();
      expect(account.role).to.equal('ADMIN');
      expect(account.emailVerifiedAt).to.not.equal(null);
      expect(await verifyPassword(account.passwordHash, 'Admin12345!')).to.equal(true);
      const [audit] = await testDb()('auditLogs').where({
        action: 'admin.created',
        targetId: String(account.id),
      });
      expect(audit).to.include({ actorId: String(superAdmin.id), targetType: 'admin' });

      const candidat = await createCandidat();
      const taken = await agent()
        .post('/v1/api/admin/admins')
        .set(superAdmin.auth)
        .send({ email: candidat.email, password: 'Admin12345!', nom: 'A', prenom: 'B' })
        .expect(409);
      expect(taken.body.error.code).to.equal('EMAIL_ALREADY_USED');
    });

    it('POST takes telephone, niveauAcces and langue; refuses bad input', async () => {
      const res = await agent()
        .post('/v1/api/admin/admins')
        .set(superAdmin.auth)
        .send({
          email: uniqueEmail('lvl'),
          password: 'Admin12345!',
          nom: 'Ndi',
          prenom: 'Paul',
          telephone: '677 00 11 22',
          niveauAcces: 'MODERATEUR',
          langue: 'en',
        })
        .expect(200);
      expect(res.body.data).to.include({
        telephone: '+237677001122',
        niveauAcces: 'MODERATEUR',
        langue: 'en',
      });
      const german = await agent()
        .post('/v1/api/admin/admins')
        .set(superAdmin.auth)
        .send({ email: uniqueEmail('de'), password: 'Admin12345!', nom: 'A', prenom: 'B', langue: 'de' })
        .expect(400);
      expect(german.body.error.code).to.equal('VALIDATION_ERROR');
      const bad = await agent()
        .post('/v1/api/admin/admins')
        .set(superAdmin.auth)
        .send({ email: 'not-an-email', password: 'Admin12345!', nom: 'A', prenom: 'B' })
        .expect(400);
      expect(bad.body.error.code).to.equal('VALIDATION_ERROR');
      await agent()
        .post('/v1/api/admin/admins')
        .set(superAdmin.auth)
        .send({ email: uniqueEmail('x'), password: 'short', nom: 'A', prenom: 'B' })
        .expect(400);
      await agent()
        .post('/v1/api/admin/admins')
        .set(superAdmin.auth)
        .send({ email: uniqueEmail('x'), password: 'Admin12345!' })
        .expect(400);
    });

    it('POST, GET, disable and enable are refused to ADMIN (403) and others', async () => {
      const body = { email: uniqueEmail('x'), password: 'Admin12345!', nom: 'A', prenom: 'B' };
      await refusedToOthers('post', '/v1/api/admin/admins', body, { admin: true });
      await refusedToOthers('get', '/v1/api/admin/admins', {}, { admin: true });
      const target = await createAdmin();
      await refusedToOthers('post', `/v1/api/admin/admins/${target.id}/disable`, {}, { admin: true });
      await refusedToOthers('post', `/v1/api/admin/admins/${target.id}/enable`, {}, { admin: true });
      expect((await testDb()('accounts').where({ id: target.id }).first('enabled')).enabled).to.equal(true);
    });

    it('GET lists administrators as a bare page, filtered by q', async () => {
      const prenom = unique('Prenom');
      const created = await createAdminUseCase(domainCtx({ type: 'system', id: 'cli:ops' }), {
        email: uniqueEmail('listed'),
        password: 'Admin12345!',
        nom: 'Liste',
        prenom,
      });
      const res = await agent()
        .get('/v1/api/admin/admins')
        .query({ q: prenom })
        .set(superAdmin.auth)
        .expect(200);
      expect(res.body).to.have.all.keys('content', 'page');
      expect(res.body.content).to.have.length(1);
      expect(res.body.content[0]).to.have.all.keys(...PROFILE_KEYS);
      expect(res.body.content[0]).to.include({ id: created.id, prenom });
      await agent()
        .get('/v1/api/admin/admins')
        .query({ sort: 'passwordHash' })
        .set(superAdmin.auth)
        .expect(400);
    });

    it('disable revokes the tokens of the administrator, enable restores access; self-disable is 409', async () => {
      const target = await createAdmin();
      await agent().get('/v1/api/admin/account/profile').set(target.auth).expect(200);
      const res = await agent()
        .post(`/v1/api/admin/admins/${target.id}/disable`)
        .set(superAdmin.auth)
        .expect(200);
      expect(res.body.data).to.have.all.keys(...PROFILE_KEYS);
      expect(res.body.data).to.include({ id: target.id, enabled: false });
      await agent().get('/v1/api/admin/account/profile').set(target.auth).expect(401);
      const enabled = await agent()
        .post(`/v1/api/admin/admins/${target.id}/enable`)
        .set(superAdmin.auth)
        .expect(200);
      expect(enabled.body.data.enabled).to.equal(true);
      expect(
        await testDb()('auditLogs')
          .where({ targetType: 'admin', targetId: String(target.id) })
          .whereIn('action', ['admin.disabled', 'admin.enabled']),
      ).to.have.length(2);

      const self = await agent()
        .post(`/v1/api/admin/admins/${superAdmin.id}/disable`)
        .set(superAdmin.auth)
        .expect(409);
      expect(self.body.error.code).to.equal('CANNOT_DISABLE_SELF');
      expect(self.body.error.message).to.equal('Vous ne pouvez pas désactiver votre propre compte');
      const selfEn = await agent()
        .post(`/v1/api/admin/admins/${superAdmin.id}/disable`)
        .set(superAdmin.auth)
        .set('Accept-Language', 'en')
        .expect(409);
      expect(selfEn.body.error.message).to.equal('You cannot disable your own account');
      const candidat = await createCandidat();
      await agent().post(`/v1/api/admin/admins/${candidat.id}/disable`).set(superAdmin.auth).expect(404);
      await agent().post('/v1/api/admin/admins/999999999/enable').set(superAdmin.auth).expect(404);
      await agent().post('/v1/api/admin/admins/zero/enable').set(superAdmin.auth).expect(400);
    });
  });

  describe('GET /admin/audit-logs (SUPER_ADMIN only)', () => {
    it('lists admin actions from the API and the CLI, newest first, filtered by action and targetType', async () => {
      const superAdmin = await createAdmin({ superAdmin: true });
      const admin = await createAdmin();
      const candidat = await createCandidat();
      await agent().post(`/v1/api/admin/candidates/${candidat.id}/disable`).set(admin.auth).expect(200);
      await agent().post(`/v1/api/admin/candidates/${candidat.id}/enable`).set(admin.auth).expect(200);
      const res = await agent()
        .get('/v1/api/admin/audit-logs')
        .query({ targetType: 'candidate', targetId: String(candidat.id) })
        .set(superAdmin.auth)
        .expect(200);
      expect(res.body).to.have.all.keys('content', 'page');
      expect(res.body.content.map((a: { action: string }) => a.action)).to.deep.equal([
        'candidate.enabled',
        'candidate.disabled',
      ]);
      const entry = res.body.content[1];
      expect(entry).to.have.all.keys(...AUDIT_KEYS);
      expect(entry).to.include({
        actorType: 'account',
        actorId: String(admin.id),
        actorEmail: admin.email,
        targetType: 'candidate',
        targetId: String(candidat.id),
      });
      const byAction = await agent()
        .get('/v1/api/admin/audit-logs')
        .query({ action: 'candidate.enabled', actorId: String(admin.id) })
        .set(superAdmin.auth)
        .expect(200);
      expect(byAction.body.content).to.have.length(1);

      await createAdminUseCase(domainCtx({ type: 'system', id: 'cli:root' }), {
        email: uniqueEmail('cli'),
        password: 'Admin12345!',
        nom: 'C',
        prenom: 'L',
      });
      const cli = await agent()
        .get('/v1/api/admin/audit-logs')
        .query({ actorId: 'cli:root' })
        .set(superAdmin.auth)
        .expect(200);
      expect(cli.body.content[0]).to.include({
        actorType: 'system',
        actorId: 'cli:root',
        actorEmail: null,
        ip: 'cli',
        action: 'admin.created',
      });
      await agent()
        .get('/v1/api/admin/audit-logs')
        .query({ sort: 'details,asc' })
        .set(superAdmin.auth)
        .expect(400);
    });

    it('is refused to ADMIN and others', async () => {
      await refusedToOthers('get', '/v1/api/admin/audit-logs', {}, { admin: true });
    });
  });
});
