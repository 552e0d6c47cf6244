import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import { createCandidat, createRecruteur } from '../helpers/factories.ts';
import { domainCtx } from '../helpers/app.ts';
import { withDb } from '../../domain/context.ts';
import { createAccount } from '../../domain/accounts/create-account.ts';
import { ConflictError } from '../../domain/errors.ts';
import {
  PASSWORD,
  emailedToken,
  invitationToken,
  login,
  recruteurRegistration,
} from '../helpers/auth-factories.ts';

const candidatBody = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('candidat'),
  password: PASSWORD,
  nom: 'Essomba',
  prenom: 'Brice',
  telephone: '+237690112233',
  ...overrides,
});

describe('Registration and email validation', () => {
  describe('POST /candidates/register', () => {
    it('creates an unverified candidate and emails a validation link', async () => {
      const body = candidatBody({ email: `  ${uniqueEmail('Mixed').toUpperCase()}  ` });
      const email = (body.email as string).trim().toLowerCase();
      const res = await agent().post('/v1/api/candidates/register').send(body).expect(200);
      expect(res.body.success).to.equal(true);
      expect(res.body.data).to.have.all.keys(
        'id',
        'email',
        'nom',
        'prenom',
        'telephone',
        'langue',
        'role',
        'emailVerified',
        'createdAt',
      );
      expect(res.body.data).to.include({
        email,
        nom: 'Essomba',
        prenom: 'Brice',
        role: 'CANDIDAT',
        emailVerified: false,
      });
      expect(JSON.stringify(res.body)).not.to.contain(PASSWORD);

      const account = await testDb()('accounts').where({ email }).first();
      expect(account.role).to.equal('CANDIDAT');
      expect(account.emailVerifiedAt).to.equal(null);
      expect(account.passwordHash).to.match(/^\$argon2id\$/);
      expect(await testDb()('candidates').where({ id: account.id }).first()).to.include({ nom: 'Essomba' });

      const mail = await testDb()('outboundEmails')
        .where({ toAddress: email, template: 'email-validation' })
        .first();
      expect(mail.subject).to.equal('Confirmez votre adresse email');
      // Without FRONTEND_URL the link opens the API's own landing page, not its JSON route.
      expect(mail.textBody).to.contain('http://localhost:3000/email/validation?token=');
      expect(mail.htmlBody).to.contain('<a href="http://localhost:3000/email/validation?token=');
    });

    it('links to the frontend when FRONTEND_URL is set', async () => {
      const body = candidatBody();
      await agent({ config: { frontendUrl: 'https://emploi.example.cm' } })
        .post('/v1/api/candidates/register')
        .send(body)
        .expect(200);
      const mail = await testDb()('outboundEmails')
        .where({ toAddress: body.email, template: 'email-validation' })
        .first();
      expect(mail.textBody).to.contain('https://emploi.example.cm/validate-email?token=');
    });

    it('refuses an email already used by any account, whatever its case: 409 EMAIL_ALREADY_USED', async () => {
      const recruteur = await createRecruteur();
      const res = await agent()
        .post('/v1/api/candidates/register')
        .send(candidatBody({ email: recruteur.email.toUpperCase() }))
        .expect(409);
      expect(res.body.error.code).to.equal('EMAIL_ALREADY_USED');
      expect(res.body.data).to.equal(null);
      expect(res.body.error.message).to.equal('Un compte utilise déjà cette adresse email');
      const en = await agent()
        .post('/v1/api/candidates/register')
        .set('Accept-Language', 'en')
        .send(candidatBody({ email: recruteur.email }))
        .expect(409);
      expect(en.body.error.message).to.equal('An account already uses this email address');
    });

    it('lets exactly one of two concurrent sign-ups with one email through (the unique index decides)', async () => {
      const email = uniqueEmail('race');
      const results = await Promise.all(
        Array.from({ length: 4 }, () =>
          agent().post('/v1/api/candidates/register').send(candidatBody({ email })),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).to.deep.equal([200, 409, 409, 409]);
      for (const r of results.filter((x) => x.status === 409))
        expect(r.body.error.code).to.equal('EMAIL_ALREADY_USED');
      expect(await testDb()('accounts').where({ email }).count({ n: '*' }).first()).to.deep.equal({ n: 1 });
    });

    it('turns the unique index violation of a sign-up that passed the look-up into 409 EMAIL_ALREADY_USED', async () => {
      // The first transaction holds its uncommitted row: the second one's look-up cannot see it,
      // so only the unique index stops the second insert.
      const email = uniqueEmail('dup');
      const ctx = domainCtx();
      const first = await testDb().transaction();
      await createAccount(withDb(ctx, first), { email, passwordHash: 'x', role: 'CANDIDAT' });
      const second = testDb().transaction((trx) =>
        createAccount(withDb(ctx, trx), { email, passwordHash: 'x', role: 'CANDIDAT' }),
      );
      const outcome = second.then(
        () => null,
        (err: unknown) => err,
      );
      await new Promise((r) => setTimeout(r, 200));
      await first.commit();
      const err = await outcome;
      expect(err).to.be.instanceOf(ConflictError);
      expect((err as ConflictError).code).to.equal('EMAIL_ALREADY_USED');
    });

    it('validates its input: 400 VALIDATION_ERROR naming the field', async () => {
      const short = await agent()
        .post('/v1/api/candidates/register')
        .send(candidatBody({ password: 'court' }))
        .expect(400);
      expect(short.body.error.code).to.equal('VALIDATION_ERROR');
      expect(short.body.error.details).to.contain('password');
      const noName = await agent()
        .post('/v1/api/candidates/register')
        .send(candidatBody({ nom: undefined }))
        .expect(400);
      expect(noName.body.error.details).to.contain('nom');
      const badEmail = await agent()
        .post('/v1/api/candidates/register')
        .send(candidatBody({ email: 'pas-un-email' }))
        .expect(400);
      expect(badEmail.body.error.details).to.contain('email');
    });
  });

  describe('GET /auth/validate-email', () => {
    it('verifies the account once; login works afterwards; the token cannot be reused', async () => {
      const body = candidatBody();
      await agent().post('/v1/api/candidates/register').send(body).expect(200);
      const refused = await login(body.email as string).expect(403);
      expect(refused.body.error.code).to.equal('EMAIL_NOT_VERIFIED');

      const token = await emailedToken(body.email as string, 'email-validation');
      const res = await agent().get('/v1/api/auth/validate-email').query({ token }).expect(200);
      expect(res.body.data).to.deep.include({
        email: body.email,
        role: 'CANDIDAT',
        emailVerified: true,
        recruiterStatus: null,
      });
      expect(
        (await testDb()('accounts').where({ email: body.email }).first()).emailVerifiedAt,
      ).to.be.instanceOf(Date);
      await login(body.email as string).expect(200);

      const again = await agent().get('/v1/api/auth/validate-email').query({ token }).expect(400);
      expect(again.body.error.code).to.equal('INVALID_TOKEN');
    });

    it('refuses a wrong token (400) and a missing one (400 VALIDATION_ERROR)', async () => {
      const res = await agent().get('/v1/api/auth/validate-email').query({ token: 'nope' }).expect(400);
      expect(res.body.error.code).to.equal('INVALID_TOKEN');
      const missing = await agent().get('/v1/api/auth/validate-email').expect(400);
      expect(missing.body.error.code).to.equal('VALIDATION_ERROR');
    });
  });

  describe('POST /recruiters/register', () => {
    it('creates a PENDING_EMAIL recruiter, OWNER of a new GRATUIT company, with its first history entry', async () => {
      const body = await recruteurRegistration();
      const res = await agent().post('/v1/api/recruiters/register').send(body).expect(200);
      const data = res.body.data;
      expect(data).to.have.all.keys(
        'id',
        'nom',
        'prenom',
        'email',
        'telephone',
        'posteOccupe',
        'status',
        'role',
        'entrepriseId',
        'langue',
        'notificationsCandidatures',
      );
      expect(data).to.include({
        email: body.email,
        nom: 'Ndongo',
        prenom: 'Claire',
        posteOccupe: 'Responsable RH',
        status: 'PENDING_EMAIL',
        role: 'OWNER',
      });

      const entreprise = await testDb()('entreprises').where({ id: data.entrepriseId }).first();
      expect(entreprise).to.include({
        nomEntreprise: 'Société Camerounaise de Test',
        plan: 'GRATUIT',
        description: 'Négoce',
      });
      const history = await testDb()('recruiterStatusHistory').where({ recruiterId: data.id });
      expect(history).to.have.length(1);
      expect(history[0]).to.include({
        oldStatus: null,
        newStatus: 'PENDING_EMAIL',
        changedByEmail: body.email,
        changedByName: 'Claire Ndongo',
      });
      expect(
        await testDb()('outboundEmails').where({ toAddress: body.email, template: 'email-validation' }),
      ).to.have.length(1);

      const token = await emailedToken(body.email as string, 'email-validation');
      const validated = await agent().get('/v1/api/auth/validate-email').query({ token }).expect(200);
      expect(validated.body.data.recruiterStatus).to.equal('PENDING_DOCS');
      expect((await testDb()('recruiters').where({ id: data.id }).first()).status).to.equal('PENDING_DOCS');
    });

    it('refuses an unknown sector, a missing company and both company and invitation (400)', async () => {
      const unknownSector = await recruteurRegistration({
        entreprise: { nomEntreprise: 'X', secteurActiviteId: 999999 },
      });
      const a = await agent().post('/v1/api/recruiters/register').send(unknownSector).expect(400);
      expect(a.body.error.details).to.contain('secteurActiviteId');
      const neither = await recruteurRegistration({ entreprise: undefined });
      const b = await agent().post('/v1/api/recruiters/register').send(neither).expect(400);
      expect(b.body.error.code).to.equal('VALIDATION_ERROR');
      const both = await recruteurRegistration({ invitationToken: 'abc' });
      await agent().post('/v1/api/recruiters/register').send(both).expect(400);
      const noPhone = await recruteurRegistration({ telephone: undefined });
      const c = await agent().post('/v1/api/recruiters/register').send(noPhone).expect(400);
      expect(c.body.error.details).to.contain('telephone');
      expect(
        await testDb()('accounts').whereIn(
          'email',
          [unknownSector, neither, both, noPhone].map((b) => b.email as string),
        ),
      ).to.have.length(0);
    });

    it('refuses an email already used (409 EMAIL_ALREADY_USED) without creating a company', async () => {
      const candidat = await createCandidat();
      const before = await testDb()('entreprises').count({ n: '*' }).first();
      const res = await agent()
        .post('/v1/api/recruiters/register')
        .send(await recruteurRegistration({ email: candidat.email }))
        .expect(409);
      expect(res.body.error.code).to.equal('EMAIL_ALREADY_USED');
      expect(await testDb()('entreprises').count({ n: '*' }).first()).to.deep.equal(before);
    });

    it('with an invitation: joins the company as MEMBER, ACTIVE right after email validation', async () => {
      const owner = await createRecruteur();
      const email = uniqueEmail('invite');
      const token = await invitationToken(owner.entrepriseId, email);
      const res = await agent()
        .post('/v1/api/recruiters/register')
        .send(
          await recruteurRegistration({
            email: email.toUpperCase(),
            entreprise: undefined,
            invitationToken: token,
          }),
        )
        .expect(200);
      expect(res.body.data).to.include({
        email,
        role: 'MEMBER',
        status: 'PENDING_EMAIL',
        entrepriseId: owner.entrepriseId,
      });

      const again = await agent()
        .post('/v1/api/recruiters/register')
        .send(await recruteurRegistration({ entreprise: undefined, invitationToken: token }))
        .expect(400);
      expect(again.body.error.code).to.equal('INVALID_TOKEN');

      const validation = await emailedToken(email, 'email-validation');
      const validated = await agent()
        .get('/v1/api/auth/validate-email')
        .query({ token: validation })
        .expect(200);
      expect(validated.body.data.recruiterStatus).to.equal('ACTIVE');
      const history = await testDb()('recruiterStatusHistory')
        .where({ recruiterId: res.body.data.id })
        .orderBy('id');
      expect(history.map((h) => [h.oldStatus, h.newStatus])).to.deep.equal([
        [null, 'PENDING_EMAIL'],
        ['PENDING_EMAIL', 'ACTIVE'],
      ]);
      const tokens = await login(email).expect(200);
      const me = await agent()
        .get('/v1/api/recruiters/me')
        .set('Authorization', `Bearer ${tokens.body.accessToken}`)
        .expect(200);
      expect(me.body.data).to.include({ role: 'MEMBER', status: 'ACTIVE', entrepriseId: owner.entrepriseId });
    });

    it('with an invitation for another email: 400, and the invitation stays usable', async () => {
      const owner = await createRecruteur();
      const invited = uniqueEmail('invite');
      const token = await invitationToken(owner.entrepriseId, invited);
      const wrong = await agent()
        .post('/v1/api/recruiters/register')
        .send(await recruteurRegistration({ entreprise: undefined, invitationToken: token }))
        .expect(400);
      expect(wrong.body.error.details).to.contain('email');
      await agent()
        .post('/v1/api/recruiters/register')
        .send(await recruteurRegistration({ email: invited, entreprise: undefined, invitationToken: token }))
        .expect(200);
    });
  });
});
