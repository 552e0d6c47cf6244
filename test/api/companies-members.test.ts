import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createRecruteur } from '../helpers/factories.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import { hashToken } from '../../domain/auth/one-time-tokens.ts';

async function owners(entrepriseId: number): Promise<number[]> {
  return testDb()('recruiters').where({ entrepriseId, companyRole: 'OWNER' }).pluck('id');
}

describe('Company members and ownership', () => {
  describe('GET /recruiters/company/members', () => {
    it('lists the ACTIVE recruiters of the company, owner first', async () => {
      const owner = await createRecruteur();
      const member = await createRecruteur({ entrepriseId: owner.entrepriseId });
      await createRecruteur({ entrepriseId: owner.entrepriseId, status: 'PENDING_EMAIL' });
      await createRecruteur(); // another company
      const res = await agent().get('/v1/api/recruiters/company/members').set(member.auth).expect(200);
      expect(res.body.data).to.have.length(2);
      expect(res.body.data[0]).to.have.all.keys(
        'id',
        'nom',
        'prenom',
        'email',
        'posteOccupe',
        'status',
        'role',
      );
      expect(res.body.data[0]).to.include({
        id: owner.id,
        email: owner.email,
        role: 'OWNER',
        status: 'ACTIVE',
        posteOccupe: 'DRH',
      });
      expect(res.body.data[1]).to.include({ id: member.id, role: 'MEMBER' });
    });

    it('is for ACTIVE recruiters', async () => {
      const pending = await createRecruteur({ status: 'PENDING_DOCS' });
      await agent().get('/v1/api/recruiters/company/members').set(pending.auth).expect(403);
      const c = await createCandidat();
      await agent().get('/v1/api/recruiters/company/members').set(c.auth).expect(403);
      await agent().get('/v1/api/recruiters/company/members').expect(401);
    });
  });

  describe('POST /recruiters/company/members/invite', () => {
    it('creates a 7-day RECRUITER_INVITATION token and queues an email carrying it', async () => {
      const owner = await createRecruteur();
      const email = uniqueEmail('invite');
      const res = await agent()
        .post('/v1/api/recruiters/company/members/invite')
        .set(owner.auth)
        .send({ email: ` ${email.toUpperCase()} ` })
        .expect(200);
      expect(res.body.data).to.have.all.keys('email', 'expiresAt');
      expect(res.body.data.email).to.equal(email);
      const mail = await testDb()('outboundEmails')
        .where({ toAddress: email, template: 'recruiter-invitation' })
        .first();
      expect(mail).to.not.equal(undefined);
      const token = /: ([A-Za-z0-9_-]{40,})/.exec(mail.textBody)?.[1];
      expect(token, mail.textBody).to.be.a('string');
      const row = await testDb()('oneTimeTokens')
        .where({ tokenHash: hashToken(token!) })
        .first();
      expect(row.purpose).to.equal('RECRUITER_INVITATION');
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      expect(payload).to.deep.equal({ entrepriseId: owner.entrepriseId, email });
      const ttlDays = (new Date(row.expiresAt).getTime() - new Date(row.createdAt).getTime()) / 86400000;
      expect(ttlDays).to.be.closeTo(7, 0.01);
    });

    it('answers an existing account as any address (no token), 400 for a bad email, 403 for members', async () => {
      const owner = await createRecruteur();
      const existing = await createCandidat();
      const used = await agent()
        .post('/v1/api/recruiters/company/members/invite')
        .set(owner.auth)
        .send({ email: existing.email })
        .expect(200);
      expect(used.body.data).to.have.all.keys('email', 'expiresAt');
      expect(used.body.data.email).to.equal(existing.email);
      expect(
        await testDb()('oneTimeTokens')
          .where({ purpose: 'RECRUITER_INVITATION' })
          .where('payload', 'like', `%${existing.email}%`),
      ).to.have.length(0);
      const bad = await agent()
        .post('/v1/api/recruiters/company/members/invite')
        .set(owner.auth)
        .send({ email: 'pas-un-email' })
        .expect(400);
      expect(bad.body.error.code).to.equal('VALIDATION_ERROR');
      await agent().post('/v1/api/recruiters/company/members/invite').set(owner.auth).send({}).expect(400);
      const member = await createRecruteur({ entrepriseId: owner.entrepriseId });
      await agent()
        .post('/v1/api/recruiters/company/members/invite')
        .set(member.auth)
        .send({ email: uniqueEmail('x') })
        .expect(403);
    });
  });

  describe('POST /recruiters/company/transfer-ownership', () => {
    it('makes the target OWNER and the caller MEMBER, and tells the new owner', async () => {
      const owner = await createRecruteur();
      const member = await createRecruteur({ entrepriseId: owner.entrepriseId });
      const res = await agent()
        .post('/v1/api/recruiters/company/transfer-ownership')
        .set(owner.auth)
        .send({ recruiterId: member.id })
        .expect(200);
      const roles = Object.fromEntries(
        res.body.data.map((m: { id: number; role: string }) => [m.id, m.role]),
      );
      expect(roles).to.deep.equal({ [owner.id]: 'MEMBER', [member.id]: 'OWNER' });
      expect(await owners(owner.entrepriseId)).to.deep.equal([member.id]);
      expect(
        await testDb()('outboundEmails')
          .where({ toAddress: member.email, template: 'company-ownership-transferred' })
          .first(),
      ).to.not.equal(undefined);
      // The former owner lost the OWNER rights at once.
      await agent()
        .put('/v1/api/recruiters/company')
        .set(owner.auth)
        .send({ nomEntreprise: 'Ancien' })
        .expect(403);
      await agent()
        .put('/v1/api/recruiters/company')
        .set(member.auth)
        .send({ nomEntreprise: 'Nouveau' })
        .expect(200);
    });

    it('refuses another company’s recruiter (404), a non-ACTIVE member (409), oneself (409), bad input (400) and members (403)', async () => {
      const owner = await createRecruteur();
      const stranger = await createRecruteur();
      const other = await agent()
        .post('/v1/api/recruiters/company/transfer-ownership')
        .set(owner.auth)
        .send({ recruiterId: stranger.id })
        .expect(404);
      expect(other.body.error.code).to.equal('NOT_FOUND');
      await agent()
        .post('/v1/api/recruiters/company/transfer-ownership')
        .set(owner.auth)
        .send({ recruiterId: 99999999 })
        .expect(404);
      const pending = await createRecruteur({ entrepriseId: owner.entrepriseId, status: 'PENDING_APPROVAL' });
      const notActive = await agent()
        .post('/v1/api/recruiters/company/transfer-ownership')
        .set(owner.auth)
        .send({ recruiterId: pending.id })
        .expect(409);
      expect(notActive.body.error).to.include({
        code: 'INVALID_TRANSITION',
        message: 'Seul un membre actif peut devenir propriétaire',
        details: 'Seul un membre actif peut devenir propriétaire (status: PENDING_APPROVAL)',
      });
      const notActiveEn = await agent()
        .post('/v1/api/recruiters/company/transfer-ownership')
        .set(owner.auth)
        .set('Accept-Language', 'en')
        .send({ recruiterId: pending.id })
        .expect(409);
      expect(notActiveEn.body.error).to.include({
        message: 'Only an ACTIVE member can become owner',
        details: 'Only an ACTIVE member can become owner (status: PENDING_APPROVAL)',
      });
      const self = await agent()
        .post('/v1/api/recruiters/company/transfer-ownership')
        .set(owner.auth)
        .send({ recruiterId: owner.id })
        .expect(409);
      expect(self.body.error.message).to.equal('Vous êtes déjà le propriétaire de l’entreprise');
      await agent()
        .post('/v1/api/recruiters/company/transfer-ownership')
        .set(owner.auth)
        .send({ recruiterId: 'abc' })
        .expect(400);
      const member = await createRecruteur({ entrepriseId: owner.entrepriseId });
      const notOwner = await agent()
        .post('/v1/api/recruiters/company/transfer-ownership')
        .set(member.auth)
        .send({ recruiterId: member.id })
        .expect(403);
      expect(notOwner.body.error).to.include({
        code: 'FORBIDDEN',
        message: 'Seul le propriétaire de l’entreprise peut faire cela',
      });
      const notOwnerEn = await agent()
        .post('/v1/api/recruiters/company/transfer-ownership')
        .set(member.auth)
        .set('Accept-Language', 'en')
        .send({ recruiterId: member.id })
        .expect(403);
      expect(notOwnerEn.body.error.message).to.equal('Only the company owner may do this');
      expect(await owners(owner.entrepriseId)).to.deep.equal([owner.id]);
    });

    it('leaves exactly one OWNER after many concurrent transfers', async function () {
      this.timeout(60000);
      const owner = await createRecruteur();
      const members = await Promise.all(
        Array.from({ length: 8 }, () => createRecruteur({ entrepriseId: owner.entrepriseId })),
      );
      const results = await Promise.all(
        members.map((m) =>
          agent()
            .post('/v1/api/recruiters/company/transfer-ownership')
            .set(owner.auth)
            .send({ recruiterId: m.id }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 200),
        JSON.stringify(statuses),
      ).to.have.length(1);
      expect(
        statuses.every((s) => s === 200 || s === 403),
        JSON.stringify(statuses),
      ).to.equal(true);
      const winner = members[statuses.indexOf(200)];
      expect(await owners(owner.entrepriseId)).to.deep.equal([winner.id]);

      // Now the new owner and others race: transfers chained from different callers still leave one OWNER.
      const [a, b] = members.filter((m) => m.id !== winner.id);
      const race = await Promise.all([
        agent()
          .post('/v1/api/recruiters/company/transfer-ownership')
          .set(winner.auth)
          .send({ recruiterId: a.id }),
        agent()
          .post('/v1/api/recruiters/company/transfer-ownership')
          .set(winner.auth)
          .send({ recruiterId: b.id }),
        agent()
          .post('/v1/api/recruiters/company/transfer-ownership')
          .set(owner.auth)
          .send({ recruiterId: a.id }),
      ]);
      expect(race.map((r) => r.status).filter((s) => s === 200)).to.have.length(1);
      expect(await owners(owner.entrepriseId)).to.have.length(1);
    });
  });
});
