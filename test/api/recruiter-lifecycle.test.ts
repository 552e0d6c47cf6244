import { expect } from 'chai';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createAdmin, createCandidat, createRecruteur, type TestAccount } from '../helpers/factories.ts';
import { PASSWORD, login, registeredRecruteur } from '../helpers/auth-factories.ts';
import { recordRecruteurStatusChange } from '../../domain/recruteurs/record-status-change.ts';
import { approveRecruteur } from '../../domain/recruteurs/approve-recruteur.ts';
import { suspendRecruteur } from '../../domain/recruteurs/suspend-recruteur.ts';
import { ValidationError } from '../../domain/errors.ts';

const PENDING_ITEM_KEYS = [
  'id',
  'nom',
  'prenom',
  'email',
  'telephone',
  'posteOccupe',
  'status',
  'entreprise',
  'createdAt',
];

/** The document step (another area's route) as the recruiter itself would trigger it. */
async function uploadDocuments(recruteur: { id: number; email: string }): Promise<void> {
  const ctx = domainCtx({ type: 'account', id: recruteur.id, role: 'RECRUTEUR', email: recruteur.email });
  await recordRecruteurStatusChange(ctx, recruteur.id, 'submitDocuments');
}

async function pendingRecruteur(): Promise<{ id: number; email: string; entrepriseId: number }> {
  const r = await registeredRecruteur();
  await uploadDocuments(r);
  return r;
}

const action = (admin: TestAccount, id: number, name: string, body: Record<string, unknown> = {}) =>
  agent().post(`/v1/api/admin/recruiters/${id}/${name}`).set(admin.auth).send(body);

describe('Recruiter lifecycle and administration', () => {
  let admin: TestAccount;
  before(async () => {
    admin = await createAdmin();
  });

  it('register -> validate email -> documents -> approve: ACTIVE with four history entries, event, emails, audit', async () => {
    const r = await registeredRecruteur();
    await uploadDocuments(r);

    const pending = await agent().get('/v1/api/admin/recruiters/pending').set(admin.auth).expect(200);
    const item = pending.body.data.find((p: { id: number }) => p.id === r.id);
    expect(item).to.have.all.keys(...PENDING_ITEM_KEYS);
    expect(item).to.include({
      email: r.email,
      nom: 'Ndongo',
      prenom: 'Claire',
      status: 'PENDING_APPROVAL',
      posteOccupe: 'Responsable RH',
    });
    expect(item.entreprise).to.include({
      id: r.entrepriseId,
      nomEntreprise: 'Société Camerounaise de Test',
      totalRecruitersCount: 1,
      validatedRecruitersCount: 0,
    });
    expect(item.entreprise).to.include.keys(
      'secteurActivite',
      'logoUrl',
      'adresseSiege',
      'reseauxSociaux',
      'pages',
    );

    const res = await action(admin, r.id, 'approve').expect(200);
    expect(res.body.data).to.have.all.keys(...PENDING_ITEM_KEYS);
    expect(res.body.data.status).to.equal('ACTIVE');
    expect(res.body.data.entreprise.validatedRecruitersCount).to.equal(1);
    const stillPending = await agent().get('/v1/api/admin/recruiters/pending').set(admin.auth).expect(200);
    expect(stillPending.body.data.map((p: { id: number }) => p.id)).not.to.include(r.id);

    const history = await agent()
      .get(`/v1/api/admin/recruiters/${r.id}/status-history`)
      .set(admin.auth)
      .expect(200);
    expect(history.body.data).to.have.length(4);
    expect(history.body.data[0]).to.have.all.keys(
      'id',
      'oldStatus',
      'newStatus',
      'reason',
      'changedByEmail',
      'changedByName',
      'changedAt',
    );
    expect(
      history.body.data.map((h: { oldStatus: string | null; newStatus: string }) => [
        h.oldStatus,
        h.newStatus,
      ]),
    ).to.deep.equal([
      [null, 'PENDING_EMAIL'],
      ['PENDING_EMAIL', 'PENDING_DOCS'],
      ['PENDING_DOCS', 'PENDING_APPROVAL'],
      ['PENDING_APPROVAL', 'ACTIVE'],
    ]);
    expect(history.body.data[1]).to.include({ changedByEmail: r.email, changedByName: 'Claire Ndongo' });
    expect(history.body.data[3]).to.include({ changedByEmail: admin.email, changedByName: 'Test Admin' });

    const events = await testDb()('domainEvents').where({ type: 'recruiter.approved' }).orderBy('id', 'desc');
    const event = events.find(
      (e) => (typeof e.data === 'string' ? JSON.parse(e.data) : e.data).recruiterId === r.id,
    );
    expect(event, 'recruiter.approved event').not.to.equal(undefined);
    expect(typeof event.data === 'string' ? JSON.parse(event.data) : event.data).to.deep.equal({
      recruiterId: r.id,
      entrepriseId: r.entrepriseId,
    });
    expect(event.scope).to.equal('admin');

    const mail = await testDb()('outboundEmails')
      .where({ toAddress: r.email, template: 'recruiter-approved' })
      .first();
    expect(mail.textBody).to.contain('Société Camerounaise de Test');
    const audit = await testDb()('auditLogs')
      .where({ action: 'recruiter.approve', targetId: String(r.id) })
      .first();
    expect(audit).to.include({
      actorType: 'account',
      actorId: String(admin.id),
      actorEmail: admin.email,
      targetType: 'recruiter',
    });

    const tokens = await login(r.email, PASSWORD).expect(200);
    const me = await agent()
      .get('/v1/api/recruiters/me')
      .set('Authorization', `Bearer ${tokens.body.accessToken}`)
      .expect(200);
    expect(me.body.data).to.include({ status: 'ACTIVE', role: 'OWNER' });
  });

  it('reject needs a reason, stores it in the history and emails it', async () => {
    const r = await pendingRecruteur();
    const missing = await action(admin, r.id, 'reject').expect(400);
    expect(missing.body.error.details).to.contain('reason');
    await action(admin, r.id, 'reject', { reason: '   ' }).expect(400);

    const res = await action(admin, r.id, 'reject', { reason: 'Registre de commerce illisible' }).expect(200);
    expect(res.body.data.status).to.equal('REJECTED');
    const last = await testDb()('recruiterStatusHistory')
      .where({ recruiterId: r.id })
      .orderBy('id', 'desc')
      .first();
    expect(last).to.include({
      oldStatus: 'PENDING_APPROVAL',
      newStatus: 'REJECTED',
      reason: 'Registre de commerce illisible',
    });
    const mail = await testDb()('outboundEmails')
      .where({ toAddress: r.email, template: 'recruiter-rejected' })
      .first();
    expect(mail.textBody).to.contain('Motif : Registre de commerce illisible');
    expect(
      await testDb()('auditLogs').where({ action: 'recruiter.reject', targetId: String(r.id) }),
    ).to.have.length(1);
    const refused = await login(r.email, PASSWORD).expect(403);
    expect(refused.body.error.code).to.equal('ACCOUNT_NOT_ACTIVE');
  });

  it('a recruiter still in PENDING_DOCS can be rejected too', async () => {
    const r = await registeredRecruteur();
    const res = await action(admin, r.id, 'reject', { reason: 'Entreprise inconnue' }).expect(200);
    expect(res.body.data.status).to.equal('REJECTED');
  });

  it('suspend revokes every token at once, emits recruiter.suspended and emails; reactivate restores access', async () => {
    const recruteur = await createRecruteur();
    await agent().get('/v1/api/recruiters/me').set(recruteur.auth).expect(200);

    const noReason = await action(admin, recruteur.id, 'suspend', {}).expect(400);
    expect(noReason.body.error.code).to.equal('VALIDATION_ERROR');
    const res = await action(admin, recruteur.id, 'suspend', { reason: 'Offres frauduleuses' }).expect(200);
    expect(res.body.data.status).to.equal('SUSPENDED');

    await agent().get('/v1/api/recruiters/me').set(recruteur.auth).expect(401);
    await agent()
      .post('/v1/api/auth/refresh-token')
      .send({ refreshToken: recruteur.refreshToken })
      .expect(401);
    const refused = await login(recruteur.email, recruteur.password).expect(403);
    expect(refused.body.error.code).to.equal('ACCOUNT_NOT_ACTIVE');

    const event = await testDb()('domainEvents')
      .where({ type: 'recruiter.suspended', entrepriseId: recruteur.entrepriseId })
      .first();
    expect(typeof event.data === 'string' ? JSON.parse(event.data) : event.data).to.include({
      recruiterId: recruteur.id,
      reason: 'Offres frauduleuses',
    });
    const mail = await testDb()('outboundEmails')
      .where({ toAddress: recruteur.email, template: 'recruiter-suspended' })
      .first();
    expect(mail.textBody).to.contain('Offres frauduleuses');

    const back = await action(admin, recruteur.id, 'reactivate', { reason: 'Situation régularisée' }).expect(
      200,
    );
    expect(back.body.data.status).to.equal('ACTIVE');
    await login(recruteur.email, recruteur.password).expect(200);
    expect(
      await testDb()('outboundEmails').where({
        toAddress: recruteur.email,
        template: 'recruiter-reactivated',
      }),
    ).to.have.length(1);

    const history = await testDb()('recruiterStatusHistory')
      .where({ recruiterId: recruteur.id })
      .orderBy('id');
    expect(history.map((h) => [h.oldStatus, h.newStatus, h.reason])).to.deep.equal([
      ['ACTIVE', 'SUSPENDED', 'Offres frauduleuses'],
      ['SUSPENDED', 'ACTIVE', 'Situation régularisée'],
    ]);
    const audits = await testDb()('auditLogs')
      .where({ targetType: 'recruiter', targetId: String(recruteur.id) })
      .orderBy('id');
    expect(audits.map((a) => a.action)).to.deep.equal(['recruiter.suspend', 'recruiter.reactivate']);
  });

  it('a rejected recruiter can be reactivated', async () => {
    const recruteur = await createRecruteur({ status: 'REJECTED' });
    const res = await action(admin, recruteur.id, 'reactivate').expect(200);
    expect(res.body.data.status).to.equal('ACTIVE');
  });

  it('refuses transitions that are not allowed: 409 INVALID_TRANSITION, nothing written', async () => {
    const active = await createRecruteur();
    const approve = await action(admin, active.id, 'approve').expect(409);
    expect(approve.body.error.code).to.equal('INVALID_TRANSITION');
    expect(approve.body.error.details).to.equal(
      'Le recruteur ne peut pas passer du statut ACTIVE au statut ACTIVE (allowed from: PENDING_APPROVAL)',
    );
    const inEnglish = await action(admin, active.id, 'approve').set('Accept-Language', 'en').expect(409);
    expect(inEnglish.body.error.message).to.equal('Cannot move a recruiter from ACTIVE to ACTIVE');
    await action(admin, active.id, 'reactivate').expect(409);
    await action(admin, active.id, 'reject', { reason: 'x' }).expect(409);
    const pendingDocs = await createRecruteur({ status: 'PENDING_DOCS' });
    await action(admin, pendingDocs.id, 'approve').expect(409);
    await action(admin, pendingDocs.id, 'suspend', { reason: 'x' }).expect(409);
    expect(
      await testDb()('recruiterStatusHistory').whereIn('recruiterId', [active.id, pendingDocs.id]),
    ).to.have.length(0);
    expect(
      await testDb()('auditLogs')
        .where({ targetType: 'recruiter' })
        .whereIn('targetId', [String(active.id), String(pendingDocs.id)]),
    ).to.have.length(0);
    // A concurrent double approval: exactly one wins.
    const r = await pendingRecruteur();
    const results = await Promise.all([action(admin, r.id, 'approve'), action(admin, r.id, 'approve')]);
    expect(results.map((x) => x.status).sort()).to.deep.equal([200, 409]);
    expect(
      await testDb()('domainEvents')
        .where({ type: 'recruiter.approved' })
        .whereRaw("JSON_EXTRACT(data, '$.recruiterId') = ?", [r.id]),
    ).to.have.length(1);
  });

  it('unknown recruiter: 404; bad id: 400', async () => {
    const res = await action(admin, 99999999, 'approve').expect(404);
    expect(res.body.error.code).to.equal('NOT_FOUND');
    await agent().get('/v1/api/admin/recruiters/99999999/status-history').set(admin.auth).expect(404);
    await agent().get('/v1/api/admin/recruiters/abc/status-history').set(admin.auth).expect(400);
  });

  it('is for administrators: 401 anonymous, 403 recruiter and candidate, SUPER_ADMIN allowed', async () => {
    const r = await pendingRecruteur();
    await agent().get('/v1/api/admin/recruiters/pending').expect(401);
    const recruteur = await createRecruteur();
    const candidat = await createCandidat();
    await agent().get('/v1/api/admin/recruiters/pending').set(recruteur.auth).expect(403);
    await agent().post(`/v1/api/admin/recruiters/${r.id}/approve`).set(candidat.auth).send({}).expect(403);
    const superAdmin = await createAdmin({ superAdmin: true });
    await action(superAdmin, r.id, 'approve').expect(200);
  });

  it('the CLI path: domain functions with a system actor record who acted', async () => {
    const r = await pendingRecruteur();
    const cli = domainCtx({ type: 'system', id: 'cli:operator' });
    const approved = await approveRecruteur(cli, r.id);
    expect(approved.status).to.equal('ACTIVE');
    const last = await testDb()('recruiterStatusHistory')
      .where({ recruiterId: r.id })
      .orderBy('id', 'desc')
      .first();
    expect(last).to.include({ changedByName: 'cli:operator', changedByEmail: null });
    const audit = await testDb()('auditLogs')
      .where({ action: 'recruiter.approve', targetId: String(r.id) })
      .first();
    expect(audit).to.include({ actorType: 'system', actorId: 'cli:operator', ip: 'cli' });
    let err: unknown = null;
    await suspendRecruteur(cli, r.id, ' ').catch((e: unknown) => (err = e));
    expect(err).to.be.instanceOf(ValidationError);
  });
});
