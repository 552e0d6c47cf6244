import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb, testStorage } from '../helpers/env.ts';
import { createAdmin, createCandidat, createOffre, createRecruteur } from '../helpers/factories.ts';
import { addToVivier, applyTo, binaryParser, uploadAs } from '../helpers/profile-factories.ts';
import { exeBuffer, jpegBuffer, pdfBuffer, pngBuffer } from '../helpers/file-fixtures.ts';

type Auth = { Authorization: string; 'Accept-Language'?: string };

async function upload(
  auth: Auth,
  purpose: string,
  data: Buffer,
  name = 'f.bin',
  type = 'application/octet-stream',
) {
  return uploadAs(auth, '/files/upload', { data, name, type }, { purpose });
}

function get(id: number, auth?: Auth, query = '') {
  const req = agent().get(`/v1/api/files/${id}${query}`);
  return (auth ? req.set(auth) : req).buffer(true).parse(binaryParser);
}

describe('Files', () => {
  describe('POST /files/upload', () => {
    it('stores a file for the caller and answers {id, url, contentType, size}', async () => {
      const c = await createCandidat();
      const pdf = pdfBuffer();
      const res = await upload(c.auth, 'CV', pdf, 'cv.html', 'text/html');
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data).to.have.all.keys('id', 'url', 'contentType', 'size');
      expect(res.body.data).to.include({
        contentType: 'application/pdf',
        size: pdf.length,
        url: `http://localhost:3000/v1/api/files/${res.body.data.id}`,
      });
      const row = await testDb()('files').where({ id: res.body.data.id }).first();
      expect(row).to.include({ ownerAccountId: c.id, purpose: 'CV', originalName: 'cv.html' });
      // Served with the type found in the bytes, never the declared one.
      const dl = await get(res.body.data.id, c.auth).expect(200);
      expect(dl.headers['content-type']).to.equal('application/pdf');
      expect(dl.headers['x-content-type-options']).to.equal('nosniff');
      expect(dl.headers['content-disposition']).to.match(/^attachment;/);
      expect(dl.headers['cache-control']).to.equal('private, no-store');
      expect(Buffer.compare(dl.body as Buffer, pdf)).to.equal(0);
    });

    it('gives BLOG_COVER files their 600/1200/1920 variants (admins only)', async function () {
      this.timeout(30000);
      const admin = await createAdmin();
      const res = await upload(admin.auth, 'BLOG_COVER', await jpegBuffer(2400, 1200), 'cover.jpg');
      expect(res.status).to.equal(200);
      const row = await testDb()('files').where({ id: res.body.data.id }).first('variants');
      const variants = typeof row.variants === 'string' ? JSON.parse(row.variants) : row.variants;
      expect(Object.keys(variants).sort()).to.deep.equal(['1200', '1920', '600']);
      const c = await createCandidat();
      const cover = await upload(c.auth, 'BLOG_COVER', await jpegBuffer(), 'c.jpg');
      expect(cover.status).to.equal(403);
      expect(cover.body.error.message).to.equal(
        'Votre rôle ne vous permet pas d’envoyer des fichiers BLOG_COVER',
      );
      const logo = await upload({ ...c.auth, 'Accept-Language': 'en' }, 'LOGO', await pngBuffer(), 'l.png');
      expect(logo.status).to.equal(403);
      expect(logo.body.error.message).to.equal('Your role may not upload LOGO files');
    });

    it('checks the purpose, the content, emptiness and size', async () => {
      const c = await createCandidat();
      const missing = await uploadAs(c.auth, '/files/upload', { data: pdfBuffer(), name: 'cv.pdf' });
      expect(missing.status).to.equal(400);
      expect(missing.body.error.details).to.contain('purpose');
      const bad = await upload(c.auth, 'IMPORT', pdfBuffer());
      expect(bad.status).to.equal(400);
      expect(bad.body.error.code).to.equal('VALIDATION_ERROR');
      const exe = await upload(c.auth, 'CV', exeBuffer(), 'cv.pdf', 'application/pdf');
      expect(exe.status).to.equal(415);
      const pdfAsPhoto = await upload(c.auth, 'PHOTO', pdfBuffer(), 'me.jpg');
      expect(pdfAsPhoto.status).to.equal(415);
      // Said to a person in French (the default), what to send and what came; the MIME types in details.
      expect(pdfAsPhoto.body.error.message).to.equal(
        'Ce type de fichier n’est pas accepté ici : envoyez un fichier JPEG, PNG ou WebP (fichier reçu : PDF)',
      );
      expect(pdfAsPhoto.body.error.details).to.contain(
        'allowed: image/jpeg, image/png, image/webp; detected: application/pdf',
      );
      expect(exe.body.error.message).to.match(
        /envoyez un fichier PDF, Word \(\.doc\) ou Word \(\.docx\) \(fichier reçu : /,
      );
      expect((await upload(c.auth, 'DOCUMENT', await pngBuffer(), 'doc.pdf')).status).to.equal(415);
      const empty = await upload(c.auth, 'OTHER', Buffer.alloc(0), 'x.pdf');
      expect(empty.status).to.equal(400);
      // Over the purpose's limit (CV: 5 MB) but under the route's (10 MB): refused by the domain.
      const sixMb = Buffer.concat([pdfBuffer(), Buffer.alloc(6 * 1024 * 1024)]);
      const overCv = await upload(c.auth, 'CV', sixMb, 'cv.pdf');
      expect(overCv.status).to.equal(413);
      expect(overCv.body.error.code).to.equal('PAYLOAD_TOO_LARGE');
      expect(overCv.body.error.message).to.equal('Fichier trop volumineux (5242880 octets au plus)');
      const overCvEn = await upload({ ...c.auth, 'Accept-Language': 'en' }, 'CV', sixMb, 'cv.pdf');
      expect(overCvEn.body.error.message).to.equal('File too large (at most 5242880 bytes)');
      expect((await upload(c.auth, 'DOCUMENT', sixMb, 'doc.pdf')).status).to.equal(200);
      // Over the route's limit: refused while parsing.
      const elevenMb = Buffer.concat([pdfBuffer(), Buffer.alloc(11 * 1024 * 1024)]);
      expect((await upload(c.auth, 'OTHER', elevenMb, 'big.pdf')).status).to.equal(413);
      const anon = await agent()
        .post('/v1/api/files/upload')
        .field('purpose', 'CV')
        .attach('file', pdfBuffer(), 'cv.pdf');
      expect(anon.status).to.equal(401);
    });
  });

  describe('GET /files/{id}: who may see what', () => {
    it('a CV: its owner, admins, and ACTIVE recruiters of a company the candidate applied to; else 404', async () => {
      const c = await createCandidat({ profilPublic: true });
      const cv = await uploadAs(c.auth, '/candidats/me/cv', { data: pdfBuffer(), name: 'cv.pdf' });
      const cvId = Number(cv.body.data.cvUrl.split('/').pop());
      const recruteur = await createRecruteur();
      const colleaguePending = await createRecruteur({
        entrepriseId: recruteur.entrepriseId,
        status: 'SUSPENDED',
      });
      const stranger = await createRecruteur();
      const other = await createCandidat();
      const admin = await createAdmin();

      await get(cvId, c.auth).expect(200);
      await get(cvId, admin.auth).expect(200);
      const before = await get(cvId, recruteur.auth).expect(404);
      expect(JSON.parse((before.body as Buffer).toString()).error.code).to.equal('NOT_FOUND');
      await applyTo(c.id, await createOffre(recruteur));
      const seen = await get(cvId, recruteur.auth).expect(200);
      expect(seen.headers['content-type']).to.equal('application/pdf');
      await get(cvId, colleaguePending.auth).expect(404);
      await get(cvId, stranger.auth).expect(404);
      await get(cvId, other.auth).expect(404);
      // Public profile or not, a CV is never public.
      await get(cvId).expect(404);
    });

    it("pooling a candidate's email without consent gives no access to the CV or photo", async () => {
      const c = await createCandidat();
      const cv = await uploadAs(c.auth, '/candidats/me/cv', { data: pdfBuffer(), name: 'cv.pdf' });
      const cvId = Number(cv.body.data.cvUrl.split('/').pop());
      const photo = await uploadAs(c.auth, '/candidats/me/photo', { data: await pngBuffer(), name: 'p.png' });
      const photoId = Number(photo.body.data.photoUrl.split('/').pop());
      const recruteur = await createRecruteur();
      const pool = await agent()
        .post('/v1/api/recruiters/me/viviers')
        .set(recruteur.auth)
        .send({ nom: 'Sourcing' })
        .expect(200);
      const added = await agent()
        .post(`/v1/api/recruiters/me/viviers/${pool.body.data.id}/candidats`)
        .set(recruteur.auth)
        .send({ email: c.email })
        .expect(200);
      expect(added.body.data.candidatId).to.equal(null);
      await get(cvId, recruteur.auth).expect(404);
      await get(photoId, recruteur.auth).expect(404);
    });

    it('a photo: recruiters whose talent pool holds the candidate by consent; everyone while the profile is public', async () => {
      const c = await createCandidat({ profilPublic: false });
      const photo = await uploadAs(c.auth, '/candidats/me/photo', {
        data: await pngBuffer(),
        name: 'moi.png',
      });
      const photoId = Number(photo.body.data.photoUrl.split('/').pop());
      const recruteur = await createRecruteur();
      await get(photoId).expect(404);
      await get(photoId, recruteur.auth).expect(404);
      await addToVivier(recruteur.entrepriseId, c);
      const pooled = await get(photoId, recruteur.auth).expect(200);
      expect(pooled.headers['cache-control']).to.equal('private, no-store');
      await agent().put('/v1/api/candidats/me').set(c.auth).send({ profilPublic: true }).expect(200);
      const open = await get(photoId).expect(200);
      expect(open.headers['content-type']).to.equal('image/png');
      expect(open.headers['content-disposition']).to.match(/^inline;/);
      // The profile may go private at any time: no shared cache may keep the photo, and the
      // browser revalidates its copy (ETag) before each use.
      expect(open.headers['cache-control']).to.equal('private, no-cache');
      expect(open.headers.etag).to.be.a('string');
      const revalidated = await agent()
        .get(`/v1/api/files/${photoId}`)
        .set('If-None-Match', open.headers.etag)
        .expect(304);
      expect(revalidated.headers['cache-control']).to.equal('private, no-cache');
      await agent().put('/v1/api/candidats/me').set(c.auth).send({ profilPublic: false }).expect(200);
      await get(photoId).expect(404);
      await agent().get(`/v1/api/files/${photoId}`).set('If-None-Match', open.headers.etag).expect(404);
    });

    it('logos, banners and blog covers are public, also any file used as a company logo', async () => {
      const recruteur = await createRecruteur();
      const logo = await upload(recruteur.auth, 'LOGO', await pngBuffer(300, 300), 'logo.png');
      expect(logo.status).to.equal(200);
      const logoAnswer = await get(logo.body.data.id).expect(200);
      // Always public: shared caches may keep it.
      expect(logoAnswer.headers['cache-control']).to.equal('public, max-age=3600');
      const small = await get(logo.body.data.id, undefined, '?size=128').expect(200);
      expect(small.headers['content-type']).to.equal('image/webp');
      const other = await upload(recruteur.auth, 'OTHER', await pngBuffer(), 'x.png');
      await get(other.body.data.id).expect(404);
      await testDb()('entreprises')
        .where({ id: recruteur.entrepriseId })
        .update({ bannerFileId: other.body.data.id });
      await get(other.body.data.id).expect(200);
    });

    it('answers 400 for a size the file does not have, 404 for unknown ids or missing bytes, never a 500', async () => {
      const recruteur = await createRecruteur();
      const logo = await upload(recruteur.auth, 'LOGO', await pngBuffer(300, 300), 'logo.png');
      const unknownSize = await get(logo.body.data.id, undefined, '?size=999').expect(400);
      expect(JSON.parse((unknownSize.body as Buffer).toString()).error.details).to.contain('128, 256, 512');
      await get(logo.body.data.id, undefined, '?size=abc').expect(400);
      const banner = await upload(recruteur.auth, 'BANNER', await pngBuffer(), 'b.png');
      await get(banner.body.data.id, undefined, '?size=128').expect(400);
      await get(99999999).expect(404);
      await agent().get('/v1/api/files/abc').expect(400);
      const row = await testDb()('files').where({ id: banner.body.data.id }).first('storageKey');
      await testStorage().remove(row.storageKey);
      await get(banner.body.data.id).expect(404);
    });
  });
});
