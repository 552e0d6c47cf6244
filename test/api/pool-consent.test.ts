/**
 * Consent-first talent pools: a recruiter may pool anyone, but reads a candidate's private files
 * only once the candidate accepted its invitation; a decline keeps everything closed and blocks
 * re-invitations for 180 days; invitations are capped and carry a one-click opt-out.
 */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createRecruteur, type TestAccount } from '../helpers/factories.ts';
import { binaryParser, uploadAs } from '../helpers/profile-factories.ts';
import { pdfBuffer } from '../helpers/file-fixtures.ts';
import { addMemberRow, createVivierRow } from '../helpers/vivier-factories.ts';
import { readEmailHtml } from '../helpers/email-html.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import { localDate } from '../../domain/shared/local-date.ts';

const DAY = 24 * 3600_000;

const getFile = (id: number, auth: TestAccount['auth']) =>
  agent().get(`/v1/api/files/${id}`).set(auth).buffer(true).parse(binaryParser);

async function pooledCandidat() {
  const candidat = await createCandidat();
  const cv = await uploadAs(candidat.auth, '/candidats/me/cv', { data: pdfBuffer(), name: 'cv.pdf' });
  const cvId = Number(cv.body.data.cvUrl.split('/').pop());
  const recruteur = await createRecruteur();
  const pool = await agent()
    .post('/v1/api/recruiters/me/viviers')
    .set(recruteur.auth)
    .send({ nom: 'Sourcing' })
    .expect(200);
  const vivierId = pool.body.data.id as number;
  const added = await agent()
    .post(`/v1/api/recruiters/me/viviers/${vivierId}/candidats`)
    .set(recruteur.auth)
    .send({ email: candidat.email })
    .expect(200);
  expect(added.body.data.candidatId).to.equal(null);
  const invite = (api = agent()) =>
    api
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/invite`)
      .set(recruteur.auth)
      .send({ message: 'Rejoignez notre vivier' });
  return {
    candidate: candidat,
    cvId,
    recruiter: recruteur,
    vivierId,
    memberId: added.body.data.id as number,
    invite,
  };
}

async function myInvitations(candidat: TestAccount) {
  return (await agent().get('/v1/api/candidats/me/pool-invitations').set(candidat.auth).expect(200)).body
    .data as {
    id: number;
    status: string;
    entreprise: { id: number };
  }[];
}

describe('Talent pools: consent first', () => {
  it('F1: pooled without consent 404 on the CV; accepted 200 and the member shows its candidatId', async () => {
    const { candidate: candidat, cvId, recruiter: recruteur, vivierId, invite } = await pooledCandidat();
    await getFile(cvId, recruteur.auth).expect(404);
    expect((await invite().expect(200)).body.data).to.deep.equal({
      invited: 1,
      skipped: 0,
      skippedMembers: [],
    });
    await getFile(cvId, recruteur.auth).expect(404);
    const [invitation] = await myInvitations(candidat);
    expect(invitation).to.include({ status: 'PENDING' });
    expect(invitation.entreprise.id).to.equal(recruteur.entrepriseId);
    const other = await createCandidat();
    await agent()
      .post(`/v1/api/candidats/me/pool-invitations/${invitation.id}/accept`)
      .set(other.auth)
      .expect(404);
    const accepted = await agent()
      .post(`/v1/api/candidats/me/pool-invitations/${invitation.id}/accept`)
      .set(candidat.auth)
      .expect(200);
    expect(accepted.body.data.status).to.equal('ACCEPTED');
    await getFile(cvId, recruteur.auth).expect(200);
    const members = await agent()
      .get(`/v1/api/recruiters/me/viviers/${vivierId}/candidats`)
      .set(recruteur.auth)
      .expect(200);
    expect(members.body.content[0].candidatId).to.equal(candidat.id);
    const again = await agent()
      .post(`/v1/api/candidats/me/pool-invitations/${invitation.id}/decline`)
      .set(candidat.auth)
      .expect(409);
    expect(again.body.error).to.include({
      code: 'INVALID_TRANSITION',
      message: 'Vous avez déjà accepté cette invitation',
    });
    const againEn = await agent()
      .post(`/v1/api/candidats/me/pool-invitations/${invitation.id}/decline`)
      .set(candidat.auth)
      .set('Accept-Language', 'en')
      .expect(409);
    expect(againEn.body.error.message).to.equal('This invitation was already accepted');
  });

  it('F1: after a decline the CV stays 404 and a re-invite within 180 days is refused, allowed after', async () => {
    const { candidate: candidat, cvId, recruiter: recruteur, invite } = await pooledCandidat();
    await invite().expect(200);
    const [invitation] = await myInvitations(candidat);
    await agent()
      .post(`/v1/api/candidats/me/pool-invitations/${invitation.id}/decline`)
      .set(candidat.auth)
      .expect(200);
    await getFile(cvId, recruteur.auth).expect(404);
    const refused = await invite().expect(409);
    expect(refused.body.error).to.include({
      code: 'POOL_INVITATION_BLOCKED',
      message:
        'Ces personnes ont refusé votre invitation ou ne reçoivent plus d’invitations de vivier : ' +
        'aucune invitation pendant 180 jours après un refus, plus jamais après une désinscription',
    });
    expect(refused.body.error.details).to.equal(refused.body.error.message);
    const refusedEn = await invite().set('Accept-Language', 'en').expect(409);
    expect(refusedEn.body.error.message).to.equal(
      'These people declined your invitation or opted out of pool invitations: ' +
        'no invitation for 180 days after a decline, never after an opt-out',
    );
    // 181 days later (the decline moved back in time: the tokens of this test live on today's clock).
    await testDb()('poolInvitations')
      .where({ id: invitation.id })
      .update({ respondedAt: new Date(Date.now() - 181 * DAY) });
    expect((await invite().expect(200)).body.data).to.deep.equal({
      invited: 1,
      skipped: 0,
      skippedMembers: [],
    });
  });

  it('F4: more than 500 emails in one request, or past 2,000 a company in a day, is 429 INVITE_QUOTA_EXCEEDED', async () => {
    const recruteur = await createRecruteur();
    const vivierId = await createVivierRow(recruteur.entrepriseId);
    const ids: number[] = [];
    for (let i = 0; i < 501; i++) ids.push(await addMemberRow(vivierId, uniqueEmail('masse')));
    const tooMany = await agent()
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/invite`)
      .set(recruteur.auth)
      .send({ message: 'Bonjour', candidatVivierIds: ids })
      .expect(429);
    expect(tooMany.body.error).to.include({
      code: 'INVITE_QUOTA_EXCEEDED',
      message: '500 invitations au plus par demande',
      details: '500 invitations au plus par demande (requested: 501)',
    });
    const tooManyEn = await agent()
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/invite`)
      .set(recruteur.auth)
      .set('Accept-Language', 'en')
      .send({ message: 'Bonjour', candidatVivierIds: ids })
      .expect(429);
    expect(tooManyEn.body.error.message).to.equal('At most 500 invitations per request');
    expect(await testDb()('outboundEmails').whereIn('toAddress', [ids[0]]).count({ n: '*' })).to.deep.equal([
      { n: 0 },
    ]);

    // 1,995 invitation emails already queued by the company today: 5 remain.
    await testDb()('emailSendCounts').insert({
      kind: 'pool-invitation',
      scopeId: recruteur.entrepriseId,
      period: localDate(new Date()),
      sent: 1995,
    });
    const overDay = await agent()
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/invite`)
      .set(recruteur.auth)
      .send({ message: 'Bonjour', candidatVivierIds: ids.slice(1, 7) })
      .expect(429);
    expect(overDay.body.error.details).to.equal(
      '2000 invitations au plus par entreprise et par jour (remaining: 5)',
    );
    await agent()
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/invite`)
      .set(recruteur.auth)
      .send({ message: 'Bonjour', candidatVivierIds: ids.slice(1, 6) })
      .expect(200);
  });

  it('F4: the one-click opt-out of an invitation email stops every later pool invitation to that address', async () => {
    const { candidate: candidat, invite } = await pooledCandidat();
    await invite().expect(200);
    const email = (await testDb()('outboundEmails')
      .where({ toAddress: candidat.email, template: 'vivier-invitation' })
      .orderBy('id', 'desc')
      .first('headers', 'textBody', 'htmlBody')) as { headers: unknown; textBody: string; htmlBody: string };
    const headers = (typeof email.headers === 'string' ? JSON.parse(email.headers) : email.headers) as Record<
      string,
      string
    >;
    expect(headers['List-Unsubscribe-Post']).to.equal('List-Unsubscribe=One-Click');
    const url = new URL(headers['List-Unsubscribe'].slice(1, -1));
    expect(email.textBody).to.contain(url.toString());
    const footerLink = readEmailHtml(email.htmlBody).links.find(
      (l) => l.label === 'Ne plus recevoir d’invitation de vivier',
    );
    expect(footerLink?.href).to.equal(url.toString());
    await agent()
      .post(`${url.pathname}${url.search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    await agent().get(`${url.pathname}${url.search}`).expect(200);
    await agent().get('/v1/api/public/pool-invitations/opt-out?token=nope').expect(404);
    // Another company pooling the same address cannot invite it either.
    const otherRecruteur = await createRecruteur();
    const otherPool = await createVivierRow(otherRecruteur.entrepriseId);
    await addMemberRow(otherPool, candidat.email);
    const refused = await agent()
      .post(`/v1/api/recruiters/me/viviers/${otherPool}/invite`)
      .set(otherRecruteur.auth)
      .send({ message: 'Bonjour' })
      .expect(409);
    expect(refused.body.error.code).to.equal('POOL_INVITATION_BLOCKED');
  });
});
