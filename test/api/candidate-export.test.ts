/** GET /candidats/me/export: every personal datum held on the caller, nothing about anyone else. */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import {
  createCandidat,
  createOffre,
  createRecruteur,
  DEFAULT_PASSWORD,
  type TestAccount,
} from '../helpers/factories.ts';
import { applyTo, addToVivier, uploadAs } from '../helpers/profile-factories.ts';
import { createAlertRow } from '../helpers/alert-factories.ts';
import { pdfBuffer } from '../helpers/file-fixtures.ts';
import { unique } from '../helpers/unique.ts';

interface Export {
  account: { id: number; email: string };
  profile: { id: number; nom: string; prenom: string; telephone: string; bio: string | null };
  files: { id: number; url: string; purpose: string }[];
  applications: {
    id: number;
    offreId: number;
    status: string;
    lettreMotivation: string;
    statusHistory: { newStatus: string; reason: string | null }[];
  }[];
  alerts: { id: number }[];
  savedJobs: { offreId: number }[];
  smsPhones: { phone: string }[];
  smsMessages: { body: string }[];
  poolMemberships: { id: number }[];
  poolInvitations: { id: number }[];
  loginHistory: { sessionStartedAt: string; lastTokenAt: string }[];
}

describe('Candidate data export: GET /candidats/me/export', function () {
  this.timeout(60000);

  async function populate(
    c: TestAccount,
    offres: number[],
    recruteur: { auth: object; entrepriseId: number },
    tag: string,
  ) {
    const api = agent();
    const db = testDb();
    await api
      .put('/v1/api/candidats/me')
      .set(c.auth)
      .send({ bio: `Bio ${tag}`, telephone: '6 77 00 00 00' })
      .expect(200);
    const upload = await uploadAs(c.auth, '/candidats/me/cv', {
      data: pdfBuffer(`CV ${tag}`),
      name: `cv-${tag}.pdf`,
      type: 'application/pdf',
    });
    expect(upload.status, JSON.stringify(upload.body)).to.equal(200);
    const applications: number[] = [];
    for (const offreId of offres) applications.push(await applyTo(c.id, offreId, `Lettre ${tag} ${offreId}`));
    await agent()
      .patch(`/v1/api/candidatures/${applications[0]}/status`)
      .set(recruteur.auth as Record<string, string>)
      .send({ status: 'IN_PROGRESS', reason: `Raison ${tag}` })
      .expect(200);
    await db('candidatureNotes').insert({ candidatureId: applications[0], content: `Note interne ${tag}` });
    await createAlertRow({
      keywords: `comptable ${tag}`,
      candidatId: c.id,
      email: c.email,
      createdAt: new Date(),
    });
    await createAlertRow({ keywords: `sans compte ${tag}`, email: c.email, createdAt: new Date() });
    await db('savedJobs').insert({ candidatId: c.id, offreId: offres[1] });
    const now = new Date();
    await db('smsPhones').insert({
      candidatId: c.id,
      phone: '+237690000001',
      confirmedAt: now,
      enabled: true,
      createdAt: now,
      updatedAt: now,
    });
    await db('smsMessages').insert({
      toNumber: '+237690000001',
      body: `Alerte ${tag}`,
      kind: 'alert',
      candidatId: c.id,
      localDay: '2026-11-26',
      nextAttemptAt: now,
      createdAt: now,
    });
    const memberId = await addToVivier(recruteur.entrepriseId, c);
    await db('poolInvitations').insert({
      vivierCandidatId: memberId,
      entrepriseId: recruteur.entrepriseId,
      email: c.email,
      status: 'ACCEPTED',
      optOutToken: randomBytes(16).toString('hex'),
      createdAt: new Date(),
      respondedAt: new Date(),
    });
    await api.post('/v1/api/auth/login').send({ email: c.email, password: DEFAULT_PASSWORD }).expect(200);
    return applications;
  }

  it('holds every row about the caller (checked against the database) and nothing about a co-applicant', async () => {
    const db = testDb();
    const recruteur = await createRecruteur();
    const offres = [await createOffre(recruteur), await createOffre(recruteur)];
    const tagA = unique('alice');
    const tagB = unique('bruno');
    const a = await createCandidat({ nom: `Nom${tagA}`, prenom: 'Alice' });
    const b = await createCandidat({ nom: `Nom${tagB}`, prenom: 'Bruno' });
    await populate(a, offres, recruteur, tagA);
    const bApplications = await populate(b, offres, recruteur, tagB);

    const res = await agent().get('/v1/api/candidats/me/export').set(a.auth).expect(200);
    expect(res.headers['content-type']).to.match(/^application\/json/);
    expect(res.headers['content-disposition']).to.match(/^attachment; filename=/);
    const doc = res.body as Export;

    expect(doc.account).to.include({ id: a.id, email: a.email });
    expect(doc.profile).to.include({
      id: a.id,
      nom: `Nom${tagA}`,
      telephone: '+237677000000',
      bio: `Bio ${tagA}`,
    });

    const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((x, y) => x - y);
    const files = (await db('files').where({ ownerAccountId: a.id }).pluck('id')) as number[];
    expect(files.length).to.be.greaterThan(0);
    expect(ids(doc.files)).to.deep.equal([...files].sort((x, y) => x - y));
    for (const f of doc.files) expect(f.url).to.equal(`http://localhost:3000/v1/api/files/${f.id}`);
    // The link works for the owner.
    await agent().get(new URL(doc.files[0]!.url).pathname).set(a.auth).expect(200);

    const applications = (await db('candidatures').where({ candidatId: a.id }).pluck('id')) as number[];
    expect(ids(doc.applications)).to.deep.equal([...applications].sort((x, y) => x - y));
    for (const app of doc.applications) {
      const history = await db('candidatureStatusHistory').where({ candidatureId: app.id }).orderBy('id');
      expect(app.statusHistory.map((h) => h.newStatus)).to.deep.equal(
        history.map((h: { newStatus: string }) => h.newStatus),
      );
      expect(app.lettreMotivation).to.equal(`Lettre ${tagA} ${app.offreId}`);
    }
    expect(
      doc.applications.flatMap((x) => x.statusHistory).some((h) => h.reason === `Raison ${tagA}`),
    ).to.equal(true);

    const alerts = (await db('jobAlerts')
      .where({ candidatId: a.id })
      .orWhere({ email: a.email })
      .pluck('id')) as number[];
    expect(alerts).to.have.length(2);
    expect(ids(doc.alerts)).to.deep.equal([...alerts].sort((x, y) => x - y));
    const saved = (
      (await db('savedJobs').where({ candidatId: a.id }).select('offreId')) as { offreId: number }[]
    ).map((r) => r.offreId);
    expect(doc.savedJobs.map((s) => s.offreId)).to.deep.equal(saved);
    expect(doc.smsPhones.map((p) => p.phone)).to.deep.equal(['+237690000001']);
    expect(doc.smsMessages.map((m) => m.body)).to.deep.equal([`Alerte ${tagA}`]);
    const members = (await db('vivierCandidats').where({ candidatId: a.id }).pluck('id')) as number[];
    expect(ids(doc.poolMemberships)).to.deep.equal(members);
    const invitations = (await db('poolInvitations').where({ email: a.email }).pluck('id')) as number[];
    expect(ids(doc.poolInvitations)).to.deep.equal(invitations);
    const sessions = (await db('authTokens')
      .where({ accountId: a.id })
      .countDistinct({ n: 'familyId' })
      .first()) as { n: number };
    expect(doc.loginHistory).to.have.length(Number(sessions.n));
    expect(doc.loginHistory.length).to.be.greaterThan(0);

    // Nothing about the co-applicant (same offers, same company, same pool owner), nor internal notes.
    const text = JSON.stringify(doc);
    for (const secret of [b.email, tagB, `Note interne ${tagA}`]) expect(text).not.to.contain(secret);
    for (const id of bApplications) expect(ids(doc.applications)).not.to.include(id);

    await agent().get('/v1/api/candidats/me/export').set(recruteur.auth).expect(403);
    await agent().get('/v1/api/candidats/me/export').expect(401);
  });
});
