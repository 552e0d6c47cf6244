import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createAdmin, createCandidat, createOffre, createRecruteur } from '../helpers/factories.ts';
import { addToVivier, binaryParser, uploadAs } from '../helpers/profile-factories.ts';
import { pdfBuffer } from '../helpers/file-fixtures.ts';

type Auth = { Authorization: string };

/** GET of a file URL as the API wrote it (absolute), with the caller's token. */
function download(url: string, auth: Auth) {
  const u = new URL(url);
  return agent()
    .get(u.pathname + u.search)
    .set(auth)
    .buffer(true)
    .parse(binaryParser);
}

async function uploadCv(auth: Auth, data: Buffer): Promise<number> {
  const res = await uploadAs(auth, '/candidats/me/cv', { data, name: 'cv.pdf', type: 'application/pdf' });
  expect(res.status).to.equal(200);
  return Number(new URL(res.body.data.cvUrl).pathname.split('/').pop());
}

async function applied() {
  const recruteur = await createRecruteur();
  const offreId = await createOffre(recruteur, { titre: 'Comptable confirmé' });
  const candidat = await createCandidat();
  const original = pdfBuffer('CV original de la candidate');
  const cvFileId = await uploadCv(candidat.auth, original);
  const res = await agent().post('/v1/api/candidatures').set(candidat.auth).send({ offreId }).expect(200);
  return {
    recruiter: recruteur,
    offreId,
    candidate: candidat,
    original,
    cvFileId,
    candidatureId: res.body.data.id as number,
  };
}

async function itemOf(recruteur: Auth, offreId: number) {
  const res = await agent().get(`/v1/api/offres/${offreId}/candidatures`).set(recruteur).expect(200);
  expect(res.body.data).to.have.length(1);
  return res.body.data[0] as { cvUrl: string | null; cvFileId: number | null; hasCv: boolean };
}

describe('Candidatures: the CV sent with an application', () => {
  it('the list item and the detail carry cvUrl and cvFileId; the offer’s recruiter downloads the exact PDF', async () => {
    const a = await applied();
    const item = await itemOf(a.recruiter.auth, a.offreId);
    expect(item.hasCv).to.equal(true);
    expect(item.cvFileId).to.equal(a.cvFileId);
    expect(item.cvUrl).to.equal(`${new URL(item.cvUrl!).origin}/v1/api/files/${a.cvFileId}`);
    const detail = await agent()
      .get(`/v1/api/candidatures/${a.candidatureId}`)
      .set(a.recruiter.auth)
      .expect(200);
    expect(detail.body.data).to.include({ cvUrl: item.cvUrl, cvFileId: a.cvFileId });
    const file = await download(item.cvUrl!, a.recruiter.auth).expect(200);
    expect(file.headers['content-type']).to.match(/^application\/pdf/);
    expect(Buffer.compare(file.body as Buffer, a.original)).to.equal(0);
  });

  it('another company’s recruiter gets a 404 for that CV', async () => {
    const a = await applied();
    const other = await createRecruteur();
    const item = await itemOf(a.recruiter.auth, a.offreId);
    await download(item.cvUrl!, other.auth).expect(404);
  });

  it('after the candidate uploads a new CV, or deletes it, the recruiter still gets the original', async () => {
    const a = await applied();
    const newer = pdfBuffer('CV mis à jour, bien plus tard');
    const newId = await uploadCv(a.candidate.auth, newer);
    expect(newId).to.not.equal(a.cvFileId);
    const item = await itemOf(a.recruiter.auth, a.offreId);
    expect(item.cvFileId).to.equal(a.cvFileId);
    const file = await download(item.cvUrl!, a.recruiter.auth).expect(200);
    expect(Buffer.compare(file.body as Buffer, a.original)).to.equal(0);

    await agent().delete('/v1/api/candidats/me/cv').set(a.candidate.auth).expect(200);
    const still = await download(item.cvUrl!, a.recruiter.auth).expect(200);
    expect(Buffer.compare(still.body as Buffer, a.original)).to.equal(0);
    // The replaced file no application held is gone for good.
    expect(await testDb()('files').where({ id: newId }).first()).to.equal(undefined);
  });

  it('a company that only pools the candidate reads the current CV, not the one kept for another company’s application', async () => {
    const a = await applied();
    await uploadCv(a.candidate.auth, pdfBuffer('CV récent'));
    const pooling = await createRecruteur();
    await addToVivier(pooling.entrepriseId, a.candidate);
    const profileCv = await agent().get('/v1/api/candidats/me').set(a.candidate.auth).expect(200);
    await download(profileCv.body.data.cvUrl, pooling.auth).expect(200);
    await download(`http://x/v1/api/files/${a.cvFileId}`, pooling.auth).expect(404);
  });

  it('admins see cvUrl in the application list and download the CV', async () => {
    const a = await applied();
    const admin = await createAdmin();
    const res = await agent()
      .get('/v1/api/admin/candidatures')
      .query({ offreId: a.offreId })
      .set(admin.auth)
      .expect(200);
    const row = res.body.content[0];
    expect(row).to.include({ cvFileId: a.cvFileId });
    const file = await download(row.cvUrl, admin.auth).expect(200);
    expect(Buffer.compare(file.body as Buffer, a.original)).to.equal(0);
  });

  it('an application sent without a CV has none, even once the profile gets one', async () => {
    const recruteur = await createRecruteur();
    const offreId = await createOffre(recruteur);
    const candidat = await createCandidat();
    await agent().post('/v1/api/candidatures').set(candidat.auth).send({ offreId }).expect(200);
    await uploadCv(candidat.auth, pdfBuffer());
    expect(await itemOf(recruteur.auth, offreId)).to.include({ hasCv: false, cvUrl: null, cvFileId: null });
  });
});
