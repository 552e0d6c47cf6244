import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { visibleText } from '../helpers/html-forms.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createOffre, createRecruteur, type TestAccount } from '../helpers/factories.ts';
import { publishedOffre, recruteurWithPlan, uniqueWord } from '../helpers/offre-factories.ts';
import { applyTo, addToVivier } from '../helpers/profile-factories.ts';
import { localDate } from '../../domain/shared/local-date.ts';
import { MAX_INVITATIONS_PER_ENTREPRISE_PER_DAY } from '../../domain/recommendations/index.ts';
import { NEUTRAL, PART_WEIGHTS } from '../../domain/recommendations/weights.ts';
import { seedScamRules } from '../../seeds/scam-rules.ts';

const api = () => agent();
const round4 = (n: number) => Math.round(n * 10000) / 10000;
/** A part's contribution: its weight times its value, rounded as the answer shows it. */
const part = (name: keyof typeof PART_WEIGHTS, value: number) => round4(PART_WEIGHTS[name] * value);
const RECO = '/v1/api/candidats/me/recommandations';

async function levelId(ordre: number): Promise<number> {
  const row = (await testDb()('experienceLevels').where({ ordre }).first('id')) as { id: number };
  return row.id;
}

async function villeId(slug: string): Promise<number> {
  const row = (await testDb()('villes').where({ slug }).first('id')) as { id: number };
  return row.id;
}

/** A candidate with a job title, skills, a city and a level, set through the profile route. */
async function candidatWith(
  profile: {
    jobTitle: string;
    competences: string[];
    ville?: string;
    ordre?: number;
    profilPublic?: boolean;
  },
  opts: { prenom?: string } = {},
): Promise<TestAccount> {
  const c = await createCandidat({ prenom: opts.prenom });
  await api()
    .put('/v1/api/candidats/me')
    .set(c.auth)
    .send({
      jobTitle: profile.jobTitle,
      competences: profile.competences,
      villeId: await villeId(profile.ville ?? 'douala'),
      experienceLevelId: await levelId(profile.ordre ?? 3),
      profilPublic: profile.profilPublic ?? false,
    })
    .expect(200);
  return c;
}

interface RecoItem {
  offre: { id: number };
  score: number;
  parts: Record<string, number>;
  matched: Record<string, unknown>;
  missing: { skills: string[] };
  feedback: { name: string; weight: number; value: number; contribution: number }[];
}

async function recommendations(c: TestAccount): Promise<RecoItem[]> {
  const res = await api().get(RECO).query({ size: 100 }).set(c.auth).expect(200);
  return res.body.content as RecoItem[];
}

describe('Recommendations: offers for a candidate', () => {
  it('ranks the matching offer first and gives its exact reasons', async () => {
    // Skills of one offer each (equally rare), so the idf-weighted skill share is 2 of 3.
    const [w1, w2, w3, w4] = [uniqueWord('rj'), uniqueWord('rk'), uniqueWord('rl'), uniqueWord('rm')];
    const r = await createRecruteur();
    const best = await createOffre(r, { titre: `Développeur ${w1}`, competences: [w1, w4, w3] });
    const weaker = await createOffre(r, {
      titre: `Chef de projet ${w2}`,
      competences: [w2],
      villeSlug: 'yaounde',
    });
    const c = await candidatWith({ jobTitle: `Développeuse ${w1}`, competences: [w1, w4, w2] });
    const items = await recommendations(c);
    const ids = items.map((i) => i.offre.id);
    expect(ids).to.include.members([best, weaker]);
    expect(ids.indexOf(best)).to.be.below(ids.indexOf(weaker));
    const top = items.find((i) => i.offre.id === best)!;
    const parts = {
      title: part('title', 1),
      skills: part('skills', 2 / 3),
      location: part('location', 1),
      level: part('level', 1),
      salary: part('salary', NEUTRAL),
      contract: part('contract', NEUTRAL),
      remote: part('remote', NEUTRAL),
      language: part('language', 1),
    };
    expect(top.parts).to.deep.equal(parts);
    expect(top.score).to.equal(round4(Object.values(parts).reduce((a, b) => a + b, 0)));
    expect(top.matched).to.deep.equal({
      title: true,
      skills: [w1, w4],
      city: 'Douala',
      region: 'Littoral',
      distanceKm: 0,
      level: true,
      salary: null,
      contract: null,
      remote: null,
      language: true,
    });
    expect(top.missing).to.deep.equal({ skills: [w3] });
    expect(top.feedback).to.deep.equal([]);
    const other = items.find((i) => i.offre.id === weaker)!;
    expect(other.matched).to.include({ title: false, city: null, region: null });
    expect(other.matched.skills).to.deep.equal([w2]);
    expect(other.matched.distanceKm).to.be.within(180, 260);
  });

  it('matches job titles across languages through the bilingual table', async () => {
    const w = uniqueWord('rb');
    const r = await createRecruteur();
    const offre = await createOffre(r, { titre: 'Directeur technique', competences: [w] });
    const c = await candidatWith({ jobTitle: 'Technical director', competences: [w] });
    const item = (await recommendations(c)).find((i) => i.offre.id === offre)!;
    expect(item.matched.title).to.equal(true);
    expect(item.parts.title).to.equal(part('title', 1));
  });

  it('holds the hard filters: contract, minimum salary, radius, remote only; expired and closed offers never appear', async () => {
    const w = uniqueWord('rh');
    const r = await createRecruteur();
    const ok = await createOffre(r, { titre: `Analyste ${w}`, competences: [w] });
    const unknownSalary = await createOffre(r, {
      titre: `Analyste ${w}`,
      competences: [w],
      salaireMin: null,
      salaireMax: null,
    });
    const cdd = await createOffre(r, { titre: `Analyste ${w}`, competences: [w], contractType: 'CDD' });
    const lowPay = await createOffre(r, { titre: `Analyste ${w}`, competences: [w], salaireMax: 300000 });
    const far = await createOffre(r, { titre: `Analyste ${w}`, competences: [w], villeSlug: 'yaounde' });
    const farRemote = await createOffre(r, {
      titre: `Analyste ${w}`,
      competences: [w],
      villeSlug: 'yaounde',
      remotePossible: true,
    });
    const expired = await createOffre(r, {
      titre: `Analyste ${w}`,
      competences: [w],
      deadline: '2020-01-01',
    });
    const closed = await createOffre(r, { titre: `Analyste ${w}`, competences: [w] });
    const draft = await createOffre(r, { titre: `Analyste ${w}`, competences: [w], status: 'DRAFT' });
    const c = await candidatWith({ jobTitle: `Analyste ${w}`, competences: [w] });
    await api().post(`/v1/api/offres/${closed}/archive`).set(r.auth).expect(200);
    const prefs = await api()
      .put(`${RECO}/preferences`)
      .set(c.auth)
      .send({ contractTypes: ['CDI'], salaireMin: 400000, rayonKm: 50 })
      .expect(200);
    expect(prefs.body.data).to.deep.equal({
      contractTypes: ['CDI'],
      salaireMin: 400000,
      rayonKm: 50,
      teletravail: 'INDIFFERENT',
      visibleRecruteurs: true,
      invitationsAcceptees: true,
      digestHebdo: false,
    });
    const ids = (await recommendations(c)).map((i) => i.offre.id);
    expect(ids).to.include.members([ok, unknownSalary]);
    for (const id of [cdd, lowPay, far, farRemote, expired, closed, draft]) expect(ids).not.to.include(id);
    const items = await recommendations(c);
    expect(items.find((i) => i.offre.id === ok)!.matched).to.include({ contract: true, salary: true });

    // A remote-minded candidate reaches the remote offer beyond the radius; remote only drops the others.
    await api().put(`${RECO}/preferences`).set(c.auth).send({ teletravail: 'EXCLUSIF' }).expect(200);
    const remoteOnly = (await recommendations(c)).map((i) => i.offre.id);
    expect(remoteOnly).to.include(farRemote);
    expect(remoteOnly).not.to.include.members([ok, unknownSalary]);
    const remote = (await recommendations(c)).find((i) => i.offre.id === farRemote)!;
    expect(remote.matched.remote).to.equal(true);
    expect(remote.parts.location).to.equal(part('location', 1));
  });

  it('never recommends an offer held by moderation (a scam rule matched its edit)', async () => {
    await seedScamRules(testDb());
    const w = uniqueWord('ho');
    const recruteur = await recruteurWithPlan();
    const id = await publishedOffre(recruteur, { titre: 'Caissier principal', competences: [w] });
    const c = await candidatWith({ jobTitle: 'Caissier', competences: [w] });
    expect((await recommendations(c)).map((i) => i.offre.id)).to.include(id);
    const edited = await api()
      .put(`/v1/api/offres/${id}`)
      .set(recruteur.auth)
      .send({
        description: 'Frais de dossier : 5 000 FCFA à envoyer par MoMo au 677 88 99 00 avant l’entretien.',
      })
      .expect(200);
    expect(edited.body.data.moderation.status).to.equal('HELD');
    expect((await recommendations(c)).map((i) => i.offre.id)).not.to.include(id);
  });

  it('never shows offers applied to; a dismissed offer never comes back until undone; reasons feed named weights', async () => {
    const w = uniqueWord('rd');
    const r = await createRecruteur();
    const applied = await createOffre(r, { titre: `Logisticien ${w}`, competences: [w] });
    const dismissed = await createOffre(r, { titre: `Logisticien ${w}`, competences: [w] });
    const sameEntreprise = await createOffre(r, { titre: `Logisticien ${w}`, competences: [w] });
    const c = await candidatWith({ jobTitle: `Logisticien ${w}`, competences: [w] });
    await applyTo(c.id, applied);
    let ids = (await recommendations(c)).map((i) => i.offre.id);
    expect(ids).not.to.include(applied);
    expect(ids).to.include.members([dismissed, sameEntreprise]);

    const res = await api()
      .post(`${RECO}/${dismissed}/ecarter`)
      .set(c.auth)
      .send({ reason: 'ENTREPRISE', comment: 'Trop loin de chez moi' })
      .expect(200);
    expect(res.body.data).to.include({
      offreId: dismissed,
      reason: 'ENTREPRISE',
      comment: 'Trop loin de chez moi',
    });
    for (let i = 0; i < 2; i++) {
      ids = (await recommendations(c)).map((x) => x.offre.id);
      expect(ids).not.to.include(dismissed);
    }
    const other = (await recommendations(c)).find((i) => i.offre.id === sameEntreprise)!;
    expect(other.feedback).to.deep.include({
      name: 'dismissed_company',
      weight: -0.15,
      value: 1,
      contribution: -0.15,
    });
    const listed = await api().get(`${RECO}/ecartees`).set(c.auth).expect(200);
    expect(listed.body.content.map((d: { offreId: number }) => d.offreId)).to.deep.equal([dismissed]);

    await api().delete(`${RECO}/${dismissed}/ecarter`).set(c.auth).expect(200);
    ids = (await recommendations(c)).map((i) => i.offre.id);
    expect(ids).to.include(dismissed);
    await api().delete(`${RECO}/${dismissed}/ecarter`).set(c.auth).expect(404);
    await api().post(`${RECO}/99999999/ecarter`).set(c.auth).send({ reason: 'AUTRE' }).expect(404);
    await api().post(`${RECO}/${dismissed}/ecarter`).set(c.auth).send({ reason: 'NOPE' }).expect(400);
  });

  it('saves move similar offers up by a named weight; the weights are listed', async () => {
    const w = uniqueWord('rs');
    const r = await createRecruteur();
    const saved = await createOffre(r, { titre: `Comptable ${w}`, competences: [w] });
    const similar = await createOffre(r, { titre: `Comptable ${w}`, competences: [w] });
    const c = await candidatWith({ jobTitle: `Comptable ${w}`, competences: [w] });
    await api().post('/v1/api/candidats/me/saved-jobs').set(c.auth).send({ offreId: saved }).expect(200);
    const item = (await recommendations(c)).find((i) => i.offre.id === similar)!;
    expect(item.feedback).to.deep.equal([
      { name: 'saved_similar', weight: 0.05, value: 1, contribution: 0.05 },
    ]);
    expect(item.score).to.equal(
      Math.round((Object.values(item.parts).reduce((a, b) => a + b, 0) + 0.05) * 1e4) / 1e4,
    );
    const weights = await api().get('/v1/api/recommandations/poids').expect(200);
    expect(weights.body.data.parts.map((p: { name: string }) => p.name)).to.deep.equal([
      'title',
      'skills',
      'location',
      'level',
      'salary',
      'contract',
      'remote',
      'language',
    ]);
    expect(weights.body.data.feedback.map((p: { name: string }) => p.name)).to.include.members([
      'saved_similar',
      'applied_similar',
      'dismissed_similar',
      'dismissed_company',
      'pipeline_forward',
      'pipeline_rejected',
    ]);
  });

  it('is for candidates only, and an empty profile gets an empty page', async () => {
    const r = await createRecruteur();
    await api().get(RECO).set(r.auth).expect(403);
    await api().get(RECO).expect(401);
    const c = await createCandidat();
    const res = await api().get(RECO).set(c.auth).expect(200);
    expect(res.body).to.deep.equal({
      content: [],
      page: { size: 20, number: 0, totalElements: 0, totalPages: 0 },
    });
  });
});

describe('Recommendations: candidates for an offer', () => {
  it('suggests public profiles and consenting pool members, never hidden or opted-out ones, nor applicants', async () => {
    const w = uniqueWord('rc');
    const r = await createRecruteur();
    const offre = await createOffre(r, { titre: `Électricien ${w}`, competences: [w, 'Habilitation'] });
    const pub = await candidatWith({ jobTitle: `Électricien ${w}`, competences: [w], profilPublic: true });
    const hidden = await candidatWith({
      jobTitle: `Électricien ${w}`,
      competences: [w],
      profilPublic: false,
    });
    const optedOut = await candidatWith({
      jobTitle: `Électricien ${w}`,
      competences: [w],
      profilPublic: true,
    });
    await api().put(`${RECO}/preferences`).set(optedOut.auth).send({ visibleRecruteurs: false }).expect(200);
    const member = await candidatWith({
      jobTitle: `Électricien ${w}`,
      competences: [w],
      profilPublic: false,
    });
    await addToVivier(r.entrepriseId, member);
    const applicant = await candidatWith({
      jobTitle: `Électricien ${w}`,
      competences: [w],
      profilPublic: true,
    });
    await applyTo(applicant.id, offre);
    const otherPoolMember = await candidatWith({ jobTitle: `Électricien ${w}`, competences: [w] });
    const otherEntreprise = await createRecruteur();
    await addToVivier(otherEntreprise.entrepriseId, otherPoolMember);

    const res = await api()
      .get(`/v1/api/offres/${offre}/candidats-suggeres`)
      .query({ size: 100 })
      .set(r.auth)
      .expect(200);
    const byId = new Map(
      (
        res.body.content as { candidat: { id: number; source: string }; matched: Record<string, unknown> }[]
      ).map((i) => [i.candidat.id, i]),
    );
    expect(byId.get(pub.id)!.candidat.source).to.equal('PROFIL_PUBLIC');
    expect(byId.get(member.id)!.candidat.source).to.equal('VIVIER');
    for (const never of [hidden, optedOut, applicant, otherPoolMember])
      expect(byId.has(never.id)).to.equal(false);
    expect(byId.get(pub.id)!.matched).to.deep.include({ title: true, skills: [w], city: 'Douala' });
    expect(JSON.stringify(res.body)).not.to.include(pub.email);

    // Hiding the profile takes the candidate out at once.
    await api().put('/v1/api/candidats/me').set(pub.auth).send({ profilPublic: false }).expect(200);
    const again = await api()
      .get(`/v1/api/offres/${offre}/candidats-suggeres`)
      .query({ size: 100 })
      .set(r.auth)
      .expect(200);
    expect(again.body.content.map((i: { candidat: { id: number } }) => i.candidat.id)).not.to.include(pub.id);

    // Another company's recruiter, a candidate, nobody.
    await api().get(`/v1/api/offres/${offre}/candidats-suggeres`).set(otherEntreprise.auth).expect(404);
    await api().get(`/v1/api/offres/${offre}/candidats-suggeres`).set(pub.auth).expect(403);
    await api().get(`/v1/api/offres/${offre}/candidats-suggeres`).expect(401);
  });

  it('ranks with pipeline feedback from the company', async () => {
    const w = uniqueWord('rp');
    const r = await createRecruteur();
    const earlier = await createOffre(r, { titre: `Plombier ${w}`, competences: [w] });
    const offre = await createOffre(r, { titre: `Plombier ${w}`, competences: [w] });
    const c = await candidatWith({ jobTitle: `Plombier ${w}`, competences: [w], profilPublic: true });
    const candidatureId = await applyTo(c.id, earlier);
    await testDb()('candidatures').where({ id: candidatureId }).update({ status: 'TO_MEET' });
    const res = await api().get(`/v1/api/offres/${offre}/candidats-suggeres`).set(r.auth).expect(200);
    const item = res.body.content.find((i: { candidat: { id: number } }) => i.candidat.id === c.id);
    expect(item.feedback).to.deep.equal([
      { name: 'pipeline_forward', weight: 0.05, value: 1, contribution: 0.05 },
    ]);
  });

  it('invites to apply: one email, audited, once per offer; opt-outs and the daily quota hold; ownership', async () => {
    const w = uniqueWord('ri');
    const r = await createRecruteur();
    const offre = await createOffre(r, { titre: `Soudeur ${w}`, competences: [w] });
    const c = await candidatWith({ jobTitle: `Soudeur ${w}`, competences: [w], profilPublic: true });
    const url = `/v1/api/offres/${offre}/candidats-suggeres/${c.id}/invitation`;
    const res = await api()
      .post(url)
      .set(r.auth)
      .send({ message: 'Votre profil nous intéresse.' })
      .expect(200);
    expect(res.body.data).to.include({
      offreId: offre,
      candidatId: c.id,
      remainingToday: MAX_INVITATIONS_PER_ENTREPRISE_PER_DAY - 1,
    });
    const emails = await testDb()('outboundEmails').where({
      toAddress: c.email,
      template: 'recommendation-invitation',
    });
    expect(emails).to.have.length(1);
    expect(emails[0].subject).to.include(`Soudeur ${w}`);
    expect(emails[0].textBody).to.include('Votre profil nous intéresse.');
    const audit = await testDb()('auditLogs').where({
      action: 'recommendation.invitation_sent',
      targetId: String(c.id),
    });
    expect(audit).to.have.length(1);
    const twice = await api().post(url).set(r.auth).send({}).expect(409);
    expect(twice.body.error.code).to.equal('ALREADY_INVITED');
    expect(twice.body.error.message).to.equal('Ce candidat a déjà été invité à postuler à cette offre');
    const listed = await api().get(`/v1/api/offres/${offre}/candidats-suggeres`).set(r.auth).expect(200);
    expect(
      listed.body.content.find((i: { candidat: { id: number } }) => i.candidat.id === c.id).candidat.invited,
    ).to.equal(true);

    // Opt-out through the preferences, and through the pool-invitation opt-out of the address.
    const noInvites = await candidatWith({ jobTitle: `Soudeur ${w}`, competences: [w], profilPublic: true });
    await api()
      .put(`${RECO}/preferences`)
      .set(noInvites.auth)
      .send({ invitationsAcceptees: false })
      .expect(200);
    const refused = await api()
      .post(`/v1/api/offres/${offre}/candidats-suggeres/${noInvites.id}/invitation`)
      .set(r.auth)
      .send({})
      .expect(409);
    expect(refused.body.error.code).to.equal('INVITATION_OPTED_OUT');
    expect(refused.body.error.message).to.equal('Ce candidat n’accepte pas les invitations à postuler');
    expect(refused.body.error.details).to.equal('Ce candidat n’accepte pas les invitations à postuler');
    const refusedEn = await api()
      .post(`/v1/api/offres/${offre}/candidats-suggeres/${noInvites.id}/invitation`)
      .set(r.auth)
      .set('Accept-Language', 'en')
      .send({})
      .expect(409);
    expect(refusedEn.body.error.message).to.equal('This candidate does not accept invitations to apply');
    const poolOptOut = await candidatWith({
      jobTitle: `Soudeur ${w}`,
      competences: [w],
      profilPublic: true,
    });
    await testDb()('poolInvitationOptOuts').insert({ email: poolOptOut.email, createdAt: new Date() });
    await api()
      .post(`/v1/api/offres/${offre}/candidats-suggeres/${poolOptOut.id}/invitation`)
      .set(r.auth)
      .send({})
      .expect(409);

    // The invitation's own one-click link turns invitations off: the company's next one is refused.
    const sent = (await testDb()('outboundEmails')
      .where({ toAddress: c.email, template: 'recommendation-invitation' })
      .first('headers', 'textBody')) as { headers: unknown; textBody: string };
    const headers = (typeof sent.headers === 'string' ? JSON.parse(sent.headers) : sent.headers) as Record<
      string,
      string
    >;
    expect(headers['Reply-To']).to.equal(r.email);
    expect(headers['List-Unsubscribe-Post']).to.equal('List-Unsubscribe=One-Click');
    const stop = new URL(headers['List-Unsubscribe'].slice(1, -1));
    expect(sent.textBody).to.contain(stop.toString());
    const page = await api().get(`${stop.pathname}${stop.search}`).expect(200);
    expect(visibleText(page.text)).to.contain(
      'Ne plus recevoir d’invitation à postuler de la part des entreprises ?',
    );
    const oneClick = await api()
      .post(`${stop.pathname}${stop.search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(oneClick.body.data).to.deep.equal({ kind: 'invitationsPostuler', active: false });
    const prefs = await api().get(`${RECO}/preferences`).set(c.auth).expect(200);
    expect(prefs.body.data.invitationsAcceptees).to.equal(false);
    const secondOffre = await createOffre(r, { titre: `Soudeur ${w} confirmé`, competences: [w] });
    const afterStop = await api()
      .post(`/v1/api/offres/${secondOffre}/candidats-suggeres/${c.id}/invitation`)
      .set(r.auth)
      .send({})
      .expect(409);
    expect(afterStop.body.error.code).to.equal('INVITATION_OPTED_OUT');

    // Hidden candidate: not known to this company.
    const hidden = await candidatWith({ jobTitle: `Soudeur ${w}`, competences: [w], profilPublic: false });
    await api()
      .post(`/v1/api/offres/${offre}/candidats-suggeres/${hidden.id}/invitation`)
      .set(r.auth)
      .send({})
      .expect(404);

    // Another company may not invite for this offer.
    const other = await createRecruteur();
    await api().post(url).set(other.auth).send({}).expect(404);

    // The daily quota, per company.
    const next = await candidatWith({ jobTitle: `Soudeur ${w}`, competences: [w], profilPublic: true });
    await testDb()('emailSendCounts')
      .where({ kind: 'offre-invitation', scopeId: r.entrepriseId, period: localDate(new Date()) })
      .update({ sent: MAX_INVITATIONS_PER_ENTREPRISE_PER_DAY });
    const over = await api()
      .post(`/v1/api/offres/${offre}/candidats-suggeres/${next.id}/invitation`)
      .set(r.auth)
      .send({})
      .expect(429);
    expect(over.body.error.code).to.equal('INVITE_QUOTA_EXCEEDED');
    expect(over.body.error.details).to.equal(
      `Au plus ${MAX_INVITATIONS_PER_ENTREPRISE_PER_DAY} invitations à postuler par entreprise et par jour (remaining: 0)`,
    );
    const overEn = await api()
      .post(`/v1/api/offres/${offre}/candidats-suggeres/${next.id}/invitation`)
      .set(r.auth)
      .set('Accept-Language', 'en')
      .send({})
      .expect(429);
    expect(overEn.body.error.message).to.equal(
      `At most ${MAX_INVITATIONS_PER_ENTREPRISE_PER_DAY} invitations to apply per company per day`,
    );
    expect(await testDb()('outboundEmails').where({ toAddress: next.email })).to.have.length(0);
  });
});
