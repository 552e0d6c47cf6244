/**
 * Applications that reach people, end to end: a candidate registers, validates, uploads a CV and
 * applies; the recruiter reads the application and its CV and moves it to an interview. Every
 * email goes through the outbox and is sent for real to an SMTP server, then read back with
 * mailparser: HTML and text parts, the addressee's language, one email per application and
 * recruiter (immediate or daily digest), and the opt-outs.
 */
import { expect } from 'chai';
import { simpleParser, type ParsedMail } from 'mailparser';
import { sendCandidatureDigests } from '../../domain/candidatures/send-candidature-digests.ts';
import { agent, domainCtx } from '../helpers/app.ts';
import { sendOutboxTo } from '../helpers/outbox.ts';
import { testDb } from '../helpers/env.ts';
import { SmtpReceiver } from '../helpers/smtp-receiver.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import { createOffre, createRecruteur, type TestRecruteur } from '../helpers/factories.ts';
import { PASSWORD, emailedToken, login } from '../helpers/auth-factories.ts';
import { binaryParser, uploadAs } from '../helpers/profile-factories.ts';
import { pdfBuffer } from '../helpers/file-fixtures.ts';

type Auth = { Authorization: string };

describe('Candidatures: the emails, both ways (sent through SMTP)', () => {
  let smtp: SmtpReceiver;
  before(async () => {
    smtp = await new SmtpReceiver().start();
  });
  after(() => smtp.stop());

  /** The application emails `to` received (they all carry List-Unsubscribe; account emails do not). */
  async function received(to: string): Promise<ParsedMail[]> {
    await sendOutboxTo(smtp.url, to);
    const all = await Promise.all(
      smtp.received.filter((m) => m.to.includes(to)).map((m) => simpleParser(m.raw)),
    );
    return all.filter((m) => m.headerLines.some((h) => h.key === 'list-unsubscribe'));
  }

  /** The one-click URL of the List-Unsubscribe header, as written (mailparser parses List-* headers). */
  function unsubscribeLink(mail: ParsedMail): URL {
    const line = mail.headerLines.find((h) => h.key === 'list-unsubscribe')!.line;
    return new URL(/<([^>]+)>/.exec(line)![1]);
  }

  const outboxCount = async (to: string, template: string) =>
    Number(
      (
        (await testDb()('outboundEmails').where({ toAddress: to, template }).count('* as n').first()) as {
          n: number;
        }
      ).n,
    );

  /** A candidate signed up through the API, in English, validated and signed in. */
  async function englishCandidat(): Promise<{ id: number; email: string; auth: Auth }> {
    const email = uniqueEmail('cand');
    const res = await agent()
      .post('/v1/api/candidates/register')
      .set('Accept-Language', 'en')
      .send({ email, password: PASSWORD, nom: 'Ngono', prenom: 'Aline', telephone: '699 12 34 56' })
      .expect(200);
    const token = await emailedToken(email, 'email-validation');
    await agent().get('/v1/api/auth/validate-email').query({ token }).expect(200);
    const session = await login(email).expect(200);
    return { id: res.body.data.id, email, auth: { Authorization: `Bearer ${session.body.accessToken}` } };
  }

  function expectLaidOut(mail: ParsedMail, lang: 'fr' | 'en') {
    expect(mail.html, 'html part').to.be.a('string').and.contain(`<html lang="${lang}"`);
    expect(mail.html).to.contain('Recrutement Cameroun');
    expect(mail.text, 'text part').to.be.a('string').and.contain('Recrutement Cameroun');
    expect(mail.messageId).to.match(/^<[0-9a-f-]{36}@localhost>$/);
  }

  it('register, validate, upload a CV, apply; the recruiter reads the CV and moves it to interview; each email once, in its language', async () => {
    const recruteur = await createRecruteur();
    const digestColleague = await createRecruteur({ entrepriseId: recruteur.entrepriseId });
    await agent()
      .put('/v1/api/recruiters/me')
      .set(digestColleague.auth)
      .send({ notificationsCandidatures: 'DAILY_DIGEST' })
      .expect(200)
      .expect((r) => expect(r.body.data.notificationsCandidatures).to.equal('DAILY_DIGEST'));
    const offreId = await createOffre(recruteur, { titre: 'Comptable confirmé(e)' });
    const candidat = await englishCandidat();
    const cv = pdfBuffer('CV d’Aline Ngono');
    const uploaded = await uploadAs(candidat.auth, '/candidats/me/cv', {
      data: cv,
      name: 'cv.pdf',
      type: 'application/pdf',
    });
    expect(uploaded.status).to.equal(200);
    const letter = `Bonjour, <comptable> & fiscaliste.\n${'Rigoureuse et disponible. '.repeat(60)}FIN`;
    const applied = await agent()
      .post('/v1/api/candidatures')
      .set(candidat.auth)
      .send({ offreId, lettreMotivation: letter })
      .expect(200);
    const candidatureId = applied.body.data.id as number;

    // The recruiter sees the application with its CV, downloads it, and moves it to interview.
    const list = await agent().get(`/v1/api/offres/${offreId}/candidatures`).set(recruteur.auth).expect(200);
    const cvUrl = new URL(list.body.data[0].cvUrl as string);
    const file = await agent()
      .get(cvUrl.pathname)
      .set(recruteur.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    expect(Buffer.compare(file.body as Buffer, cv)).to.equal(0);
    for (const status of ['IN_PROGRESS', 'TO_MEET'])
      await agent()
        .patch(`/v1/api/candidatures/${candidatureId}/status`)
        .set(recruteur.auth)
        .send({ status })
        .expect(200);

    // The candidate, in English: received, in progress, interview.
    const toCandidat = await received(candidat.email);
    expect(toCandidat.map((m) => m.subject)).to.deep.equal([
      'Application sent: Comptable confirmé(e)',
      'Your application is being reviewed: Comptable confirmé(e)',
      'Interview invitation: Comptable confirmé(e)',
    ]);
    for (const mail of toCandidat) {
      expectLaidOut(mail, 'en');
      expect(mail.text).to.match(/^Hello Aline,/);
      expect(mail.headerLines.map((h) => h.line)).to.include(
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      );
    }
    expect(toCandidat[2].text).to.contain('would like to meet you');
    // Without a frontend, the button opens the offer's page (the API's routes want a token and answer JSON).
    for (const mail of toCandidat) {
      expect(mail.text).to.contain('View the offer');
      const href = /href="([^"]*\/emplois\/[^"]*)"/.exec(mail.html as string)![1]!;
      const page = await agent().get(new URL(href).pathname).expect(200);
      expect(page.headers['content-type']).to.equal('text/html; charset=utf-8');
      expect(page.text).to.contain('Comptable confirmé(e)');
    }

    // The offer's recruiter, in French: one "new application" email.
    const toRecruteur = await received(recruteur.email);
    expect(toRecruteur).to.have.length(1);
    expectLaidOut(toRecruteur[0], 'fr');
    expect(toRecruteur[0].subject).to.equal('Nouvelle candidature : Comptable confirmé(e)');
    expect(toRecruteur[0].text).to.contain('Aline Ngono a postulé à votre offre « Comptable confirmé(e) ».');
    // Everything to answer the candidate from the email itself: contact, cover letter, and a reply reaches her.
    expect(toRecruteur[0].text)
      .to.contain(`Email : ${candidat.email} — Téléphone : +237699123456`)
      .and.contain('Son CV est joint à la candidature.')
      .and.contain('Sa lettre de motivation :\n\nBonjour, <comptable> & fiscaliste.')
      .and.contain('Répondez à cet email pour écrire directement à Aline Ngono.');
    expect(toRecruteur[0].html).to.contain('Bonjour, &lt;comptable&gt; &amp; fiscaliste.');
    expect(toRecruteur[0].text).to.contain('…').and.not.contain('FIN');
    expect(toRecruteur[0].replyTo?.value).to.deep.equal([{ address: candidat.email, name: '' }]);
    // No frontend: no button to an address that wants a token.
    expect(toRecruteur[0].html).not.to.contain('Voir la candidature').and.not.contain('/v1/api/candidatures');
    expect(await outboxCount(recruteur.email, 'candidature-new')).to.equal(1);

    // The colleague on the daily digest: nothing at once, one digest, and never twice.
    expect(await outboxCount(digestColleague.email, 'candidature-new')).to.equal(0);
    await sendCandidatureDigests(domainCtx());
    await sendCandidatureDigests(domainCtx());
    const digests = await received(digestColleague.email);
    expect(digests).to.have.length(1);
    expect(digests[0].subject).to.equal('1 nouvelle candidature');
    expect(digests[0].text).to.contain(`Aline Ngono — Comptable confirmé(e) (${candidat.email})`);
    expect(digests[0].html).not.to.contain('/v1/api/recruiters');
    const told = await testDb()('candidatureRecruiterEmails').where({ candidatureId }).orderBy('recruteurId');
    expect(told.map((r) => [r.recruteurId, r.mode])).to.deep.equal([
      [recruteur.id, 'IMMEDIATE'],
      [digestColleague.id, 'DAILY_DIGEST'],
    ]);
  });

  it('the candidate’s opt-outs: the profile switch and the one-click link of the email', async () => {
    const recruteur: TestRecruteur = await createRecruteur();
    const candidat = await englishCandidat();
    const me = await agent()
      .put('/v1/api/candidats/me')
      .set(candidat.auth)
      .send({ notifications: { candidatureRecue: false } })
      .expect(200);
    expect(me.body.data.notifications).to.deep.equal({ candidatureRecue: false, statutCandidature: true });
    const first = await agent()
      .post('/v1/api/candidatures')
      .set(candidat.auth)
      .send({ offreId: await createOffre(recruteur) })
      .expect(200);
    expect(await outboxCount(candidat.email, 'candidature-received')).to.equal(0);

    await agent()
      .patch(`/v1/api/candidatures/${first.body.data.id}/status`)
      .set(recruteur.auth)
      .send({ status: 'REJECTED', reason: 'Profil trop junior (note interne)' })
      .expect(200);
    const [rejected] = await received(candidat.email);
    expect(rejected.subject).to.match(/^Your application: /);
    expect(rejected.text).to.contain('was not selected this time').and.contain('we wish you every success');
    expect(rejected.text).not.to.contain('note interne');
    const oneClick = unsubscribeLink(rejected);
    const res = await agent()
      .post(oneClick.pathname + oneClick.search)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(res.body.data).to.deep.equal({ kind: 'statutCandidature', active: false });

    const second = await agent()
      .post('/v1/api/candidatures')
      .set(candidat.auth)
      .send({ offreId: await createOffre(recruteur) })
      .expect(200);
    await agent()
      .patch(`/v1/api/candidatures/${second.body.data.id}/status`)
      .set(recruteur.auth)
      .send({ status: 'IN_PROGRESS' })
      .expect(200);
    expect(await outboxCount(candidat.email, 'candidature-status-in-progress')).to.equal(0);
    const page = await agent()
      .get(oneClick.pathname + oneClick.search)
      .expect(200);
    expect(page.text).to.contain('You already stopped these emails.');
    const forged = oneClick.search.replace('statutCandidature', 'candidatureRecue');
    await agent()
      .post(oneClick.pathname + forged)
      .expect(404);
  });

  it('a recruiter on NONE gets no email; its unsubscribe link sets NONE', async () => {
    const recruteur = await createRecruteur();
    const colleague = await createRecruteur({ entrepriseId: recruteur.entrepriseId });
    await agent()
      .put('/v1/api/recruiters/me')
      .set(colleague.auth)
      .send({ notificationsCandidatures: 'NONE' })
      .expect(200);
    const candidat = await englishCandidat();
    await agent()
      .post('/v1/api/candidatures')
      .set(candidat.auth)
      .send({ offreId: await createOffre(recruteur) })
      .expect(200);
    expect(await outboxCount(colleague.email, 'candidature-new')).to.equal(0);
    const [mail] = await received(recruteur.email);
    const link = unsubscribeLink(mail);
    await agent().post(`${link.pathname}/form${link.search}`).expect(200);
    const profile = await agent().get('/v1/api/recruiters/me').set(recruteur.auth).expect(200);
    expect(profile.body.data.notificationsCandidatures).to.equal('NONE');
  });
});
