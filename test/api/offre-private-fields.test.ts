import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { createAdmin, createCandidat, createOffre, createRecruteur } from '../helpers/factories.ts';
import { applyTo, newSecteur, recruteurWithPlan, uniqueWord } from '../helpers/offre-factories.ts';

const INTERNALS = [
  'recruteurEmail',
  'nouveaux',
  'enCours',
  'rencontres',
  'refuses',
  'embauches',
  'arencontrer',
];

function expectMasked(offre: Record<string, unknown>) {
  for (const field of INTERNALS) expect(offre[field], field).to.equal(null);
  expect(offre.totalCandidatures).to.equal(1);
}

function expectFull(offre: Record<string, unknown>, recruteurEmail: string) {
  expect(offre).to.include({ recruteurEmail: recruteurEmail, totalCandidatures: 1, nouveaux: 1, enCours: 0 });
}

async function offreWithOneApplication() {
  const secteurId = await newSecteur();
  const recruteur = await recruteurWithPlan('ENTREPRISE', { secteurActiviteId: secteurId });
  const titre = `Comptable ${uniqueWord()}`;
  const offreId = await createOffre(recruteur, { titre });
  const candidat = await createCandidat();
  await applyTo(candidat, offreId);
  return { recruiter: recruteur, offreId, candidate: candidat, secteurId, titre };
}

describe('Offers: internals stay with the offer’s company', () => {
  it('anonymous callers, candidates and other companies see recruteurEmail and the pipeline counters as null', async () => {
    const o = await offreWithOneApplication();
    const other = await createRecruteur();
    expectMasked((await agent().get(`/v1/api/public/offres/${o.offreId}`).expect(200)).body.data);
    expectMasked((await agent().get(`/v1/api/offres/${o.offreId}`).expect(200)).body.data);
    for (const caller of [o.candidate, other]) {
      const res = await agent().get(`/v1/api/offres/${o.offreId}`).set(caller.auth).expect(200);
      expectMasked(res.body.data);
    }
    const search = await agent()
      .get(`/v1/api/offres/search?secteurId=${o.secteurId}&q=${encodeURIComponent(o.titre)}`)
      .set(o.candidate.auth)
      .expect(200);
    expect(search.body.content).to.have.length(1);
    expectMasked(search.body.content[0]);
    const list = await agent().get(`/v1/api/offres?secteurId=${o.secteurId}`).expect(200);
    expectMasked(list.body.content[0]);
  });

  it('the company’s recruiters and admins see everything on GET /offres/{id}', async () => {
    const o = await offreWithOneApplication();
    const own = await agent().get(`/v1/api/offres/${o.offreId}`).set(o.recruiter.auth).expect(200);
    expectFull(own.body.data, o.recruiter.email);
    const mine = await agent().get('/v1/api/recruiters/me/offres').set(o.recruiter.auth).expect(200);
    expectFull(mine.body.content[0], o.recruiter.email);
    const admin = await createAdmin();
    const seen = await agent().get(`/v1/api/offres/${o.offreId}`).set(admin.auth).expect(200);
    expectFull(seen.body.data, o.recruiter.email);
  });

  it('public answers are the same for every caller (shared caches keep them)', async () => {
    const o = await offreWithOneApplication();
    const res = await agent().get(`/v1/api/public/offres/${o.offreId}`).set(o.recruiter.auth).expect(200);
    expectMasked(res.body.data);
  });

  it('OpenAPI documents the fields as nullable, and why', async () => {
    const doc = (await agent().get('/v1/api/openapi.json').expect(200)).body;
    const json = JSON.stringify(doc);
    expect(json).to.contain(
      'null unless the caller is an ACTIVE recruiter of the offer’s company or an admin',
    );
  });
});
