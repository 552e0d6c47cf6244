import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createAdmin, createCandidat, type TestAccount } from '../helpers/factories.ts';
import { createDraft, publishedOffre, recruteurWithPlan, uniqueWord } from '../helpers/offre-factories.ts';
import { seedScamRules } from '../../seeds/scam-rules.ts';
import { mailText } from '../../domain/mail/catalogue/mail-text.ts';

const SCAM = 'Frais de dossier : 5 000 FCFA à envoyer par MoMo au 677 88 99 00 avant l’entretien.';

async function lastEmail(to: string, template: string) {
  return testDb()('outboundEmails').where({ toAddress: to, template }).orderBy('id', 'desc').first();
}

describe('trust: scam holds, reports, verification', function () {
  // Whole flows of many requests each, on a shared 2-core machine.
  this.timeout(240000);
  let admin: TestAccount;
  before(async () => {
    await seedScamRules(testDb());
    admin = await createAdmin();
  });

  describe('hold on publish and edit', () => {
    it('keeps a matching offer unpublished, tells the recruiter why, and queues it for an admin who publishes it', async () => {
      const recruteur = await recruteurWithPlan();
      const id = await createDraft(recruteur, { description: SCAM });
      const res = await agent().post(`/v1/api/offres/${id}/publish`).set(recruteur.auth).expect(200);
      expect(res.body.data.status).to.equal('DRAFT');
      expect(res.body.data.moderation.status).to.equal('HELD');
      expect(res.body.data.moderation.reasons).to.include.members(['FEE_REQUEST', 'MOBILE_MONEY']);

      const mine = await agent().get(`/v1/api/offres/${id}`).set(recruteur.auth).expect(200);
      expect(mine.body.data.moderation.status).to.equal('HELD');
      await agent().get(`/v1/api/public/offres/${id}`).expect(404);

      const mail = await lastEmail(recruteur.email, 'offre-held');
      expect(mail.textBody).to.contain('demander de l’argent');
      expect(
        await testDb()('domainEvents')
          .where({ type: 'offre.held' })
          .whereRaw("JSON_EXTRACT(data, '$.offreId') = ?", [id]),
      ).to.have.length(1);

      const queue = await agent().get('/v1/api/admin/trust/queue').set(admin.auth).expect(200);
      const item = queue.body.data.find((i: { offreId: number | null }) => i.offreId === id);
      expect(item).to.include({ kind: 'OFFRE', moderationStatus: 'HELD' });

      const decided = await agent()
        .post(`/v1/api/admin/trust/offres/${id}/publish`)
        .set(admin.auth)
        .send({ reason: 'Frais remboursés par l’employeur, vérifié par téléphone' })
        .expect(200);
      expect(decided.body.data).to.include({ status: 'RELEASED', offreStatus: 'PUBLISHED' });
      const pub = await agent().get(`/v1/api/public/offres/${id}`).expect(200);
      expect(pub.body.data).to.not.have.property('moderation');
      expect(pub.body.data.status).to.equal('PUBLISHED');
      expect(
        await testDb()('auditLogs').where({ action: 'offre.moderation.release', targetId: String(id) }),
      ).to.have.length(1);
      expect(
        await testDb()('domainEvents')
          .where({ type: 'offre.released' })
          .whereRaw("JSON_EXTRACT(data, '$.offreId') = ?", [id]),
      ).to.have.length(1);
      expect(await lastEmail(recruteur.email, 'offre-released')).to.not.equal(undefined);
    });

    it('publishes a held draft within the plan and its deadline: 409 while the company is at its quota', async () => {
      const recruteur = await recruteurWithPlan('GRATUIT');
      const held = await createDraft(recruteur, { description: SCAM });
      await agent().post(`/v1/api/offres/${held}/publish`).set(recruteur.auth).expect(200);
      // While it waits, the company publishes its one offer of the free plan.
      const other = await publishedOffre(recruteur);
      const release = () =>
        agent()
          .post(`/v1/api/admin/trust/offres/${held}/publish`)
          .set(admin.auth)
          .set('Accept-Language', 'en');
      const full = await release().expect(409);
      expect(full.body.error).to.include({ code: 'PLAN_QUOTA_EXCEEDED' });
      expect(full.body.error.details).to.contain('quota: 1');
      const still = await agent().get(`/v1/api/offres/${held}`).set(recruteur.auth).expect(200);
      expect(still.body.data.status).to.equal('DRAFT');
      expect(still.body.data.moderation.status).to.equal('HELD');

      await agent().post(`/v1/api/offres/${other}/archive`).set(recruteur.auth).expect(200);
      await testDb()('offres').where({ id: held }).update({ deadline: '2020-01-31' });
      const late = await release().expect(409);
      expect(late.body.error).to.include({ code: 'INVALID_TRANSITION' });
      expect(late.body.error.details).to.equal(
        'The offer’s deadline has passed: the recruiter sets a later one, then it can be published (deadline: 2020-01-31)',
      );

      await testDb()('offres').where({ id: held }).update({ deadline: null });
      const done = await release().expect(200);
      expect(done.body.data).to.include({ status: 'RELEASED', offreStatus: 'PUBLISHED' });
    });

    it('hides a published offer edited into asking for money; an admin rejects it with a reason', async () => {
      const recruteur = await recruteurWithPlan();
      const id = await publishedOffre(recruteur);
      const edited = await agent()
        .put(`/v1/api/offres/${id}`)
        .set(recruteur.auth)
        .send({ description: 'Registration fee of 10,000 FCFA required. WhatsApp only: +237 690 00 00 00' })
        .expect(200);
      expect(edited.body.data.status).to.equal('PUBLISHED');
      expect(edited.body.data.moderation.status).to.equal('HELD');
      await agent().get(`/v1/api/public/offres/${id}`).expect(404);
      // Out of public view: nobody applies to it or saves it by its id either.
      const candidat = await createCandidat();
      await agent().post('/v1/api/candidatures').set(candidat.auth).send({ offreId: id }).expect(404);
      await agent()
        .post('/v1/api/candidats/me/saved-jobs')
        .set(candidat.auth)
        .send({ offreId: id })
        .expect(404);
      await agent()
        .post(`/v1/api/admin/trust/offres/${id}/reject`)
        .set(admin.auth)
        .send({ reason: 'Demande de frais' })
        .expect(200);
      const mine = await agent().get(`/v1/api/offres/${id}`).set(recruteur.auth).expect(200);
      expect(mine.body.data.status).to.equal('ARCHIVED');
      expect(mine.body.data.moderation).to.include({ status: 'REJECTED', note: 'Demande de frais' });
      const mail = await lastEmail(recruteur.email, 'offre-rejected');
      expect(mail.textBody).to.contain('Demande de frais');
    });

    it('publishes at once an offer that only states its salary', async () => {
      const recruteur = await recruteurWithPlan();
      const id = await createDraft(recruteur, { description: 'Salaire de 150 000 FCFA par mois, CNPS.' });
      const res = await agent().post(`/v1/api/offres/${id}/publish`).set(recruteur.auth).expect(200);
      expect(res.body.data.status).to.equal('PUBLISHED');
      expect(res.body.data).to.not.have.property('moderation');
    });

    it('refuses a decision on an offer that waits for none', async () => {
      const recruteur = await recruteurWithPlan();
      const id = await publishedOffre(recruteur);
      const fr = await agent()
        .post(`/v1/api/admin/trust/offres/${id}/publish`)
        .set(admin.auth)
        .send({})
        .expect(409);
      expect(fr.body.error.message).to.equal('Cette offre n’attend pas de décision de modération');
      const en = await agent()
        .post(`/v1/api/admin/trust/offres/${id}/publish`)
        .set(admin.auth)
        .set('Accept-Language', 'en')
        .send({})
        .expect(409);
      expect(en.body.error.message).to.equal('This offer is not waiting for a moderation decision');
    });
  });

  describe('reports', () => {
    it('hides the offer at the third distinct report, never tells the recruiter who, and emails reporters the outcome', async () => {
      const recruteur = await recruteurWithPlan();
      const titre = `Offre ${uniqueWord()}`;
      const id = await publishedOffre(recruteur, { titre });
      const candidat = await createCandidat();
      await agent()
        .post(`/v1/api/offres/${id}/report`)
        .set(candidat.auth)
        .send({ reason: 'ASKS_FOR_MONEY', details: 'On m’a demandé 10 000 FCFA au téléphone' })
        .expect(200);
      await agent()
        .post(`/v1/api/offres/${id}/report`)
        .set(candidat.auth)
        .send({ reason: 'FAKE_COMPANY' })
        .expect(409);
      await agent()
        .post(`/v1/api/offres/${id}/report`)
        .set('X-Forwarded-For', '203.0.113.7')
        .send({ reason: 'MISLEADING', email: 'temoin@example.cm', langue: 'en' })
        .expect(200);
      await agent().get(`/v1/api/public/offres/${id}`).expect(200);
      await agent()
        .post(`/v1/api/offres/${id}/report`)
        .set('X-Forwarded-For', '203.0.113.8')
        .send({ reason: 'ASKS_FOR_MONEY' })
        .expect(200);
      await agent().get(`/v1/api/public/offres/${id}`).expect(404);

      const mine = await agent().get(`/v1/api/offres/${id}`).set(recruteur.auth).expect(200);
      expect(mine.body.data.moderation.status).to.equal('HIDDEN');
      const seen = JSON.stringify(mine.body);
      expect(seen).to.not.contain(candidat.email);
      expect(seen).to.not.contain('temoin@example.cm');
      expect(seen).to.not.contain('203.0.113');
      const entrepriseEvents = await testDb()('domainEvents').where({ entrepriseId: recruteur.entrepriseId });
      const eventText = JSON.stringify(entrepriseEvents.map((e: { data: unknown }) => e.data));
      expect(eventText).to.not.contain(candidat.email);
      expect(eventText).to.not.contain('203.0.113');
      expect(entrepriseEvents.map((e: { type: string }) => e.type)).to.include('offre.hidden');

      const queue = await agent().get('/v1/api/admin/trust/queue').set(admin.auth).expect(200);
      const item = queue.body.data.find((i: { offreId: number | null }) => i.offreId === id);
      expect(item).to.include({ moderationStatus: 'HIDDEN', openReports: 3 });
      expect(queue.body.data.indexOf(item)).to.be.lessThan(queue.body.data.length);

      await agent()
        .post(`/v1/api/admin/trust/offres/${id}/reject`)
        .set(admin.auth)
        .send({ reason: 'Arnaque confirmée' })
        .expect(200);
      expect((await lastEmail(candidat.email, 'offre-report-outcome')).textBody).to.contain('retirée');
      expect((await lastEmail('temoin@example.cm', 'offre-report-outcome')).textBody).to.contain(
        'was removed',
      );
    });

    it('an anonymous reporter is its client: one IPv6 /64 reports an offer once, whatever its address in it', async () => {
      const id = await publishedOffre(await recruteurWithPlan());
      const report = (address: string) =>
        agent()
          .post(`/v1/api/offres/${id}/report`)
          .set('X-Forwarded-For', address)
          .send({ reason: 'ASKS_FOR_MONEY' });
      await report('2001:db8:77:1::5').expect(200);
      const again = await report('2001:db8:77:1:ffff:1234:5678:9abc').expect(409);
      expect(again.body.error.code).to.equal('OFFRE_ALREADY_REPORTED');
      expect(again.body.error.message).to.equal('Vous avez déjà signalé cette offre');
      const inEnglish = await report('2001:db8:77:1::6').set('Accept-Language', 'en').expect(409);
      expect(inEnglish.body.error.message).to.equal('You have already reported this offer');
      await report('2001:db8:77:2::5').expect(200);
    });
  });

  describe('verification', () => {
    it('shows DOCUMENTS_CHECKED after an approval, WITHDRAWN after a withdrawal, and filters search on verified employers', async () => {
      const word = uniqueWord();
      const verified = await recruteurWithPlan();
      const other = await recruteurWithPlan();
      await testDb()('recruiterStatusHistory').insert({
        recruiterId: verified.id,
        oldStatus: 'PENDING_APPROVAL',
        newStatus: 'ACTIVE',
        changedByEmail: admin.email,
      });
      const a = await publishedOffre(verified, { titre: `Comptable ${word}` });
      const b = await publishedOffre(other, { titre: `Comptable ${word}` });

      const entreprise = await agent().get(`/v1/api/public/offres/${a}`).expect(200);
      expect(entreprise.body.data.entreprise.verification).to.deep.equal({
        status: 'VERIFIED',
        methods: ['DOCUMENTS_CHECKED'],
      });
      const plain = await agent().get(`/v1/api/public/offres/${b}`).expect(200);
      expect(plain.body.data.entreprise.verification).to.deep.equal({ status: 'UNVERIFIED', methods: [] });

      const all = await agent().get('/v1/api/offres/search').query({ q: word }).expect(200);
      expect(all.body.content.map((o: { id: number }) => o.id)).to.have.members([a, b]);
      const only = await agent().get('/v1/api/offres/search').query({ q: word, verifie: true }).expect(200);
      expect(only.body.content.map((o: { id: number }) => o.id)).to.deep.equal([a]);
      expect(only.body.content[0].entreprise.verification.status).to.equal('VERIFIED');
      // The RSS items say it too, in the feed's language; an unverified employer's item does not.
      const rss = (await agent().get('/v1/api/public/feeds/offres.rss').query({ q: word }).expect(200)).text;
      const items = rss.split('<item>').slice(1);
      expect(items.filter((i) => i.includes('Employeur vérifié'))).to.have.length(1);
      const rssEn = (
        await agent().get('/v1/api/public/feeds/offres.rss').query({ q: word, lang: 'en' }).expect(200)
      ).text;
      expect(rssEn).to.contain('Verified employer');

      await agent()
        .post(`/v1/api/admin/trust/entreprises/${verified.entrepriseId}/withdraw-verification`)
        .set(admin.auth)
        .send({ reason: 'Documents falsifiés' })
        .expect(200);
      const after = await agent().get(`/v1/api/public/offres/${a}`).expect(200);
      expect(after.body.data.entreprise.verification).to.deep.equal({ status: 'WITHDRAWN', methods: [] });
      const none = await agent().get('/v1/api/offres/search').query({ q: word, verifie: true }).expect(200);
      expect(none.body.content).to.deep.equal([]);
      expect((await lastEmail(verified.email, 'company-verification-withdrawn')).textBody).to.contain(
        'Documents falsifiés',
      );
      expect(
        await testDb()('auditLogs').where({
          action: 'company.verification.withdraw',
          targetId: String(verified.entrepriseId),
        }),
      ).to.have.length(1);
    });

    it('adds DOMAIN_EMAIL once a recruiter follows the link sent to an address on the company’s domain', async () => {
      const recruteur = await recruteurWithPlan();
      await testDb()('entrepriseWebsites').insert({
        entrepriseId: recruteur.entrepriseId,
        nom: 'Site',
        url: 'https://www.exemple-sa.cm/',
      });
      await agent()
        .post('/v1/api/trust/domain-verification')
        .set(recruteur.auth)
        .send({ email: 'rh@gmail.com' })
        .expect(400);
      const res = await agent()
        .post('/v1/api/trust/domain-verification')
        .set(recruteur.auth)
        .send({ email: 'rh@exemple-sa.cm' })
        .expect(200);
      expect(res.body.data.domain).to.equal('exemple-sa.cm');
      const mail = await lastEmail('rh@exemple-sa.cm', 'company-domain-verification');
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail.textBody)![1];
      const confirmed = await agent()
        .get('/v1/api/trust/domain-verification/confirm')
        .query({ token })
        .expect(200);
      expect(confirmed.body.data.verification).to.deep.equal({
        status: 'VERIFIED',
        methods: ['DOMAIN_EMAIL'],
      });
      const entreprise = await agent()
        .get(`/v1/api/public/entreprises/${recruteur.entrepriseId}`)
        .expect(200);
      expect(entreprise.body.data?.verification ?? entreprise.body.verification).to.deep.equal({
        status: 'VERIFIED',
        methods: ['DOMAIN_EMAIL'],
      });
    });
    it('refuses a web site on a free email provider’s domain: anyone has an address there', async () => {
      const recruteur = await recruteurWithPlan();
      await testDb()('entrepriseWebsites').insert({
        entrepriseId: recruteur.entrepriseId,
        nom: 'Site',
        url: 'https://gmail.com',
      });
      const res = await agent()
        .post('/v1/api/trust/domain-verification')
        .set(recruteur.auth)
        .set('Accept-Language', 'fr')
        .send({ email: 'escroc@gmail.com' })
        .expect(400);
      expect(res.body.error.code).to.equal('VALIDATION_ERROR');
      expect(res.body.error.message).to.contain('Le site de l’entreprise est sur gmail.com');
      expect(res.body.error.details).to.contain('gmail.com');
      const en = await agent()
        .post('/v1/api/trust/domain-verification')
        .set(recruteur.auth)
        .set('Accept-Language', 'en')
        .send({ email: 'escroc@gmail.com' })
        .expect(400);
      expect(en.body.error.message).to.equal(
        'The company’s site is on gmail.com, which gives an address to anyone: the badge proves a domain the company owns',
      );
      expect(
        await testDb()('companyDomainVerifications').where({ entrepriseId: recruteur.entrepriseId }),
      ).to.have.length(0);
    });

    it('a proof made on a free email provider’s domain before they were refused gives no badge', async () => {
      const recruteur = await recruteurWithPlan();
      await testDb()('companyDomainVerifications').insert({
        entrepriseId: recruteur.entrepriseId,
        recruiterId: recruteur.id,
        email: 'escroc@yahoo.fr',
        domain: 'yahoo.fr',
        tokenHash: randomBytes(32).toString('hex'),
        expiresAt: new Date(Date.now() + 86_400_000),
        createdAt: new Date(),
        verifiedAt: new Date(),
      });
      const entreprise = await agent()
        .get(`/v1/api/public/entreprises/${recruteur.entrepriseId}`)
        .expect(200);
      expect((entreprise.body.data?.verification ?? entreprise.body.verification).methods).to.not.include(
        'DOMAIN_EMAIL',
      );
    });
  });

  describe('say it everywhere', () => {
    it('every offer page says, in the reader’s language, that applying is free and how to report; held offers have no page', async () => {
      const recruteur = await recruteurWithPlan();
      const id = await publishedOffre(recruteur);
      const pages = () => agent({ config: { frontendUrl: null } });
      const path = (await pages().get(`/emplois/${id}`).expect(301)).headers.location as string;
      const fr = await pages().get(path).expect(200);
      expect(fr.text).to.contain('Postuler est toujours gratuit').and.contain(`/v1/api/offres/${id}/report`);
      const en = await pages().get(`${path}?lang=en`).expect(200);
      expect(en.text).to.contain('Applying is always free').and.contain('Report this offer');

      const held = await createDraft(recruteur, { description: SCAM });
      await agent().post(`/v1/api/offres/${held}/publish`).set(recruteur.auth).expect(200);
      await pages().get(`/emplois/${held}`).expect(404);
    });

    it('job-alert emails say it in French and in English', () => {
      expect(mailText('fr').jobAlert.why('comptable', 'X')).to.contain('Postuler est toujours gratuit');
      expect(mailText('en').jobAlert.why('accountant', 'X')).to.contain('Applying is always free');
    });
  });

  describe('scam rules as data', () => {
    it('creates, changes and disables a rule, each change a new version kept in the history', async () => {
      const code = `TEST_${uniqueWord().toUpperCase()}`;
      const created = await agent()
        .post('/v1/api/admin/trust/scam-rules')
        .set(admin.auth)
        .send({
          code,
          kind: 'PHRASE',
          pattern: 'caution de réservation',
          reasonCode: 'FEE_REQUEST',
          languages: ['fr'],
        })
        .expect(200);
      const id = created.body.data.id;
      expect(created.body.data.version).to.equal(1);
      const twice = () =>
        agent()
          .post('/v1/api/admin/trust/scam-rules')
          .set(admin.auth)
          .send({ code, kind: 'PHRASE', pattern: 'autre phrase', reasonCode: 'FEE_REQUEST' });
      const taken = await twice().expect(409);
      expect(taken.body.error.message).to.equal(`Une règle anti-arnaque de code ${code} existe déjà`);
      const takenEn = await twice().set('Accept-Language', 'en').expect(409);
      expect(takenEn.body.error.message).to.equal(`A scam rule with code ${code} exists`);
      await agent()
        .post('/v1/api/admin/trust/scam-rules')
        .set(admin.auth)
        .send({ code: `${code}_BAD`, kind: 'REGEX', pattern: '(unclosed', reasonCode: 'FEE_REQUEST' })
        .expect(400);
      const recruteur = await recruteurWithPlan();
      const held = await createDraft(recruteur, { description: 'Une caution de RÉSERVATION est demandée.' });
      const res = await agent().post(`/v1/api/offres/${held}/publish`).set(recruteur.auth).expect(200);
      expect(res.body.data.moderation.reasons).to.deep.equal(['FEE_REQUEST']);

      const changed = await agent()
        .put(`/v1/api/admin/trust/scam-rules/${id}`)
        .set(admin.auth)
        .send({ pattern: 'caution de garantie' })
        .expect(200);
      expect(changed.body.data.version).to.equal(2);
      const disabled = await agent()
        .post(`/v1/api/admin/trust/scam-rules/${id}/disable`)
        .set(admin.auth)
        .expect(200);
      expect(disabled.body.data).to.include({ enabled: false, version: 3 });
      const history = await agent()
        .get(`/v1/api/admin/trust/scam-rules/${id}/history`)
        .set(admin.auth)
        .expect(200);
      expect(history.body.data.map((h: { version: number }) => h.version)).to.deep.equal([1, 2, 3]);
      expect(history.body.data[1].snapshot.pattern).to.equal('caution de garantie');
      const list = await agent().get('/v1/api/admin/trust/scam-rules').set(admin.auth).expect(200);
      expect(list.body.data.map((r: { code: string }) => r.code)).to.include.members([
        'FEE_FR',
        'WHATSAPP_ONLY',
        code,
      ]);
      const candidat = await createCandidat();
      await agent().get('/v1/api/admin/trust/scam-rules').set(candidat.auth).expect(403);
    });

    it('runs administrators’ patterns in linear time, refusing the syntax that engine lacks', async () => {
      const code = `TEST_${uniqueWord().toUpperCase()}`;
      const lookahead = await agent()
        .post('/v1/api/admin/trust/scam-rules')
        .set(admin.auth)
        .send({ code, kind: 'REGEX', pattern: String.raw`\bfrais(?!\s+offerts)`, reasonCode: 'FEE_REQUEST' })
        .expect(400);
      expect(lookahead.body.error.details).to.match(/moteur en temps linéaire \(RE2\)/);
      const inEnglish = await agent()
        .post('/v1/api/admin/trust/scam-rules')
        .set(admin.auth)
        .set('Accept-Language', 'en')
        .send({ code, kind: 'REGEX', pattern: String.raw`\bfrais(?!\s+offerts)`, reasonCode: 'FEE_REQUEST' })
        .expect(400);
      expect(inEnglish.body.error.details).to.match(/linear-time engine \(RE2\)/);
      // Exponential on a backtracking engine: 2^40 steps for the 40 x of the description below.
      const created = await agent()
        .post('/v1/api/admin/trust/scam-rules')
        .set(admin.auth)
        .send({ code, kind: 'REGEX', pattern: '(x+x+)+y', reasonCode: 'FEE_REQUEST' })
        .expect(200);
      try {
        const recruteur = await recruteurWithPlan();
        const id = await createDraft(recruteur, { description: `Référence ${'x'.repeat(40)} à rappeler.` });
        const res = await agent().post(`/v1/api/offres/${id}/publish`).set(recruteur.auth).expect(200);
        expect(res.body.data.status).to.equal('PUBLISHED');
        await agent()
          .put(`/v1/api/admin/trust/scam-rules/${created.body.data.id}`)
          .set(admin.auth)
          .send({ exceptPattern: String.raw`(?=gratuit)` })
          .expect(400);
      } finally {
        await agent()
          .post(`/v1/api/admin/trust/scam-rules/${created.body.data.id}/disable`)
          .set(admin.auth)
          .expect(200);
      }
    });

    it('still runs, and lets an administrator disable, a rule stored with a lookahead before', async () => {
      const code = `TEST_${uniqueWord().toUpperCase()}`;
      const now = new Date();
      const [id] = await testDb()('scamRules').insert({
        code,
        kind: 'REGEX',
        pattern: String.raw`\bcaution\s+(?!remboursee)\w+\s+${code.toLowerCase()}`,
        exceptPattern: null,
        languages: JSON.stringify(['fr']),
        reasonCode: 'FEE_REQUEST',
        enabled: true,
        version: 3,
        createdAt: now,
        updatedAt: now,
      });
      const recruteur = await recruteurWithPlan();
      const held = await createDraft(recruteur, { description: `Une caution exigée ${code}.` });
      const res = await agent().post(`/v1/api/offres/${held}/publish`).set(recruteur.auth).expect(200);
      expect(res.body.data.moderation.reasons).to.deep.equal(['FEE_REQUEST']);
      const disabled = await agent()
        .post(`/v1/api/admin/trust/scam-rules/${id}/disable`)
        .set(admin.auth)
        .expect(200);
      expect(disabled.body.data).to.include({ enabled: false, version: 4 });
    });

    it('moves a shipped rule no administrator changed to its current text, and leaves a changed one', async () => {
      const shipped = await testDb()('scamRules').where({ code: 'MOBILE_MONEY_NUMBER' }).first();
      const earlier = shipped.pattern.replace(String.raw`(?:\D|$)`, String.raw`(?!\d)`);
      expect(earlier).not.to.equal(shipped.pattern);
      await testDb()('scamRules').where({ id: shipped.id }).update({ pattern: earlier, version: 1 });
      await testDb()('scamRuleVersions').where({ ruleId: shipped.id }).whereNot({ version: 1 }).delete();
      const changed = await testDb()('scamRules').where({ code: 'WHATSAPP_ONLY' }).first();
      await testDb()('scamRules')
        .where({ id: changed.id })
        .update({ pattern: 'whatsapp seulement', version: 2 });
      try {
        await seedScamRules(testDb());
        const after = await testDb()('scamRules').where({ id: shipped.id }).first();
        expect(after).to.include({ pattern: shipped.pattern, version: 2 });
        const history = await testDb()('scamRuleVersions').where({ ruleId: shipped.id, version: 2 }).first();
        expect(history.changedBy).to.equal('seed');
        expect(await testDb()('scamRules').where({ id: changed.id }).first()).to.include({
          pattern: 'whatsapp seulement',
          version: 2,
        });
        expect(await seedScamRules(testDb())).to.equal(0);
      } finally {
        await testDb()('scamRules')
          .where({ id: changed.id })
          .update({ pattern: changed.pattern, version: changed.version });
      }
    });
  });
});
