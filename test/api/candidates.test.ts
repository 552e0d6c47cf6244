import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createRecruteur } from '../helpers/factories.ts';
import { binaryParser, uploadAs } from '../helpers/profile-factories.ts';
import {
  docBuffer,
  docxBuffer,
  exeBuffer,
  jpegBuffer,
  noisyPngBuffer,
  pdfBuffer,
  pngBuffer,
  webpBuffer,
  zipBuffer,
} from '../helpers/file-fixtures.ts';

const PROFILE_KEYS = [
  'id',
  'email',
  'nom',
  'prenom',
  'telephone',
  'langue',
  'jobTitle',
  'experienceLevelId',
  'employmentStatus',
  'availability',
  'qualificationLevel',
  'salaryRange',
  'villeId',
  'villeNom',
  'country',
  'competences',
  'bio',
  'profilPublic',
  'cvUrl',
  'photoUrl',
  'notifications',
  'createdAt',
  'updatedAt',
];
const PUBLIC_KEYS = [
  'id',
  'nom',
  'prenom',
  'jobTitle',
  'experienceLevelId',
  'availability',
  'qualificationLevel',
  'villeId',
  'villeNom',
  'country',
  'competences',
  'bio',
  'photoUrl',
];

const MIME_DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('Candidate profile', () => {
  describe('GET and PUT /candidats/me', () => {
    it('returns the own profile with every documented field', async () => {
      const c = await createCandidat({ nom: 'Essomba', prenom: 'Marie' });
      const res = await agent().get('/v1/api/candidats/me').set(c.auth).expect(200);
      expect(res.body.success).to.equal(true);
      expect(res.body.data).to.have.all.keys(...PROFILE_KEYS);
      expect(res.body.data).to.include({
        id: c.id,
        email: c.email,
        nom: 'Essomba',
        prenom: 'Marie',
        profilPublic: false,
        cvUrl: null,
        photoUrl: null,
      });
      expect(res.body.data.competences).to.deep.equal([]);
      expect(new Date(res.body.data.createdAt).toISOString()).to.equal(res.body.data.createdAt);
    });

    it('updates the given fields, keeps the others, clears with null', async () => {
      const c = await createCandidat();
      const level = await testDb()('experienceLevels').orderBy('ordre').first('id');
      const ville = await testDb()('villes').where({ slug: 'douala' }).first('id');
      const body = {
        nom: 'Ngono',
        telephone: '+237 699 11 22 33',
        jobTitle: 'Développeuse Node.js',
        experienceLevelId: level.id,
        employmentStatus: 'EN_POSTE',
        availability: 'IMMEDIATE',
        qualificationLevel: 'BAC+5',
        salaryRange: '500000-800000',
        villeId: ville.id,
        country: 'Cameroun',
        competences: [' TypeScript ', 'SQL', 'typescript', ''],
        bio: 'Passionnée',
        profilPublic: true,
      };
      const res = await agent().put('/v1/api/candidats/me').set(c.auth).send(body).expect(200);
      const p = res.body.data;
      expect(p).to.have.all.keys(...PROFILE_KEYS);
      expect(p).to.include({
        nom: 'Ngono',
        prenom: 'Aline',
        jobTitle: 'Développeuse Node.js',
        villeId: ville.id,
        villeNom: 'Douala',
        profilPublic: true,
      });
      expect(p.competences).to.deep.equal(['TypeScript', 'SQL']);
      const cleared = await agent()
        .put('/v1/api/candidats/me')
        .set(c.auth)
        .send({ jobTitle: null, villeId: null })
        .expect(200);
      expect(cleared.body.data).to.include({
        jobTitle: null,
        villeId: null,
        villeNom: null,
        nom: 'Ngono',
        bio: 'Passionnée',
      });
    });

    it('refuses bad input with 400 and unknown references naming the field', async () => {
      const c = await createCandidat();
      const level = await agent()
        .put('/v1/api/candidats/me')
        .set(c.auth)
        .send({ experienceLevelId: 999999 })
        .expect(400);
      expect(level.body.error.code).to.equal('VALIDATION_ERROR');
      expect(level.body.error.details).to.contain('experienceLevelId');
      const ville = await agent()
        .put('/v1/api/candidats/me')
        .set(c.auth)
        .send({ villeId: 999999 })
        .expect(400);
      expect(ville.body.error.details).to.contain('villeId');
      await agent().put('/v1/api/candidats/me').set(c.auth).send({ profilPublic: 'yes' }).expect(400);
      await agent().put('/v1/api/candidats/me').set(c.auth).send({ nom: '' }).expect(400);
      await agent().put('/v1/api/candidats/me').set(c.auth).send({ nom: '   ' }).expect(400);
      await agent().put('/v1/api/candidats/me').set(c.auth).send({ telephone: 'appelle-moi' }).expect(400);
      await agent().put('/v1/api/candidats/me').set(c.auth).send({ competences: 'SQL' }).expect(400);
    });

    it('is for candidates only', async () => {
      const r = await createRecruteur();
      await agent().get('/v1/api/candidats/me').set(r.auth).expect(403);
      await agent().put('/v1/api/candidats/me').set(r.auth).send({ nom: 'x' }).expect(403);
      await agent().get('/v1/api/candidats/me').expect(401);
    });
  });

  describe('CV: POST, GET, DELETE /candidats/me/cv', () => {
    it('stores a PDF, downloads it with its type and an attachment disposition, then deletes it', async () => {
      const c = await createCandidat();
      const pdf = pdfBuffer('Mon CV');
      const up = await uploadAs(c.auth, '/candidats/me/cv', {
        data: pdf,
        name: 'Mon CV été.pdf',
        type: 'application/pdf',
      });
      expect(up.status, JSON.stringify(up.body)).to.equal(200);
      expect(up.body.data).to.have.all.keys(...PROFILE_KEYS);
      expect(up.body.data.cvUrl).to.match(/\/v1\/api\/files\/\d+$/);

      const dl = await agent()
        .get('/v1/api/candidats/me/cv')
        .set(c.auth)
        .buffer(true)
        .parse(binaryParser)
        .expect(200);
      expect(dl.headers['content-type']).to.equal('application/pdf');
      expect(dl.headers['content-disposition']).to.match(
        /^attachment; filename="Mon_CV_ete.pdf"; filename\*=UTF-8''Mon%20CV%20%C3%A9t%C3%A9.pdf$/,
      );
      expect(dl.headers['x-content-type-options']).to.equal('nosniff');
      expect(Buffer.compare(dl.body as Buffer, pdf)).to.equal(0);

      const fileId = Number(up.body.data.cvUrl.split('/').pop());
      await agent().delete('/v1/api/candidats/me/cv').set(c.auth).expect(200);
      expect(await testDb()('files').where({ id: fileId }).first()).to.equal(undefined);
      const after = await agent().get('/v1/api/candidats/me').set(c.auth).expect(200);
      expect(after.body.data.cvUrl).to.equal(null);
      const gone = await agent().get('/v1/api/candidats/me/cv').set(c.auth).expect(404);
      expect(gone.body.error.code).to.equal('NOT_FOUND');
      await agent().delete('/v1/api/candidats/me/cv').set(c.auth).expect(404);
    });

    it('accepts DOCX and DOC by their content, whatever their name, and replaces the previous CV', async () => {
      const c = await createCandidat();
      const first = await uploadAs(c.auth, '/candidats/me/cv', { data: docxBuffer(), name: 'cv.bin' });
      expect(first.status, JSON.stringify(first.body)).to.equal(200);
      const firstId = Number(first.body.data.cvUrl.split('/').pop());
      expect((await testDb()('files').where({ id: firstId }).first('contentType')).contentType).to.equal(
        MIME_DOCX,
      );
      const dl = await agent()
        .get('/v1/api/candidats/me/cv')
        .set(c.auth)
        .buffer(true)
        .parse(binaryParser)
        .expect(200);
      expect(dl.headers['content-type']).to.equal(MIME_DOCX);
      const second = await uploadAs(c.auth, '/candidats/me/cv', {
        data: docBuffer(),
        name: 'cv.doc',
        type: 'application/msword',
      });
      expect(second.status).to.equal(200);
      expect(await testDb()('files').where({ id: firstId }).first()).to.equal(undefined);
      const secondId = Number(second.body.data.cvUrl.split('/').pop());
      expect((await testDb()('files').where({ id: secondId }).first('contentType')).contentType).to.equal(
        'application/msword',
      );
    });

    it('refuses a renamed executable (415), an image, a plain zip, an empty file (400) and more than 5 MB (413)', async () => {
      const c = await createCandidat();
      const exe = await uploadAs(c.auth, '/candidats/me/cv', {
        data: exeBuffer(),
        name: 'cv.pdf',
        type: 'application/pdf',
      });
      expect(exe.status).to.equal(415);
      expect(exe.body.error.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
      expect(exe.body.error.details).to.contain('application/x-msdownload');
      expect(
        (await uploadAs(c.auth, '/candidats/me/cv', { data: await pngBuffer(), name: 'cv.pdf' })).status,
      ).to.equal(415);
      expect(
        (await uploadAs(c.auth, '/candidats/me/cv', { data: zipBuffer(), name: 'cv.docx' })).status,
      ).to.equal(415);
      const empty = await uploadAs(c.auth, '/candidats/me/cv', {
        data: Buffer.alloc(0),
        name: 'cv.pdf',
        type: 'application/pdf',
      });
      expect(empty.status).to.equal(400);
      expect(empty.body.error.code).to.equal('VALIDATION_ERROR');
      const big = Buffer.concat([pdfBuffer(), Buffer.alloc(5 * 1024 * 1024)]);
      const tooBig = await uploadAs(c.auth, '/candidats/me/cv', {
        data: big,
        name: 'cv.pdf',
        type: 'application/pdf',
      });
      expect(tooBig.status).to.equal(413);
      expect(tooBig.body.error.code).to.equal('PAYLOAD_TOO_LARGE');
      expect(await testDb()('files').where({ ownerAccountId: c.id }).first()).to.equal(undefined);
      expect((await testDb()('candidates').where({ id: c.id }).first('cvFileId')).cvFileId).to.equal(null);
    });

    it('is for candidates only', async () => {
      const r = await createRecruteur();
      expect(
        (await uploadAs(r.auth, '/candidats/me/cv', { data: pdfBuffer(), name: 'cv.pdf' })).status,
      ).to.equal(403);
      await agent().get('/v1/api/candidats/me/cv').set(r.auth).expect(403);
      await agent().delete('/v1/api/candidats/me/cv').expect(401);
    });
  });

  describe('POST /candidats/me/photo', () => {
    it('stores a JPEG, PNG or WebP photo and replaces the previous one', async () => {
      const c = await createCandidat();
      const jpeg = await uploadAs(c.auth, '/candidats/me/photo', {
        data: await jpegBuffer(200, 200),
        name: 'moi.jpg',
        type: 'image/jpeg',
      });
      expect(jpeg.status, JSON.stringify(jpeg.body)).to.equal(200);
      expect(jpeg.body.data.photoUrl).to.match(/\/v1\/api\/files\/\d+$/);
      const firstId = Number(jpeg.body.data.photoUrl.split('/').pop());
      const own = await agent()
        .get(`/v1/api/files/${firstId}`)
        .set(c.auth)
        .buffer(true)
        .parse(binaryParser)
        .expect(200);
      expect(own.headers['content-type']).to.equal('image/jpeg');
      const webp = await uploadAs(c.auth, '/candidats/me/photo', {
        data: await webpBuffer(),
        name: 'moi.webp',
      });
      expect(webp.status).to.equal(200);
      expect(await testDb()('files').where({ id: firstId }).first()).to.equal(undefined);
      expect(
        (await uploadAs(c.auth, '/candidats/me/photo', { data: await pngBuffer(), name: 'moi.png' })).status,
      ).to.equal(200);
    });

    it('refuses a PDF (415), an empty file (400), more than 2 MB (413) and other roles', async function () {
      this.timeout(60000);
      const c = await createCandidat();
      expect(
        (
          await uploadAs(c.auth, '/candidats/me/photo', {
            data: pdfBuffer(),
            name: 'moi.jpg',
            type: 'image/jpeg',
          })
        ).status,
      ).to.equal(415);
      expect(
        (await uploadAs(c.auth, '/candidats/me/photo', { data: Buffer.alloc(0), name: 'moi.jpg' })).status,
      ).to.equal(400);
      const big = await uploadAs(c.auth, '/candidats/me/photo', {
        data: await noisyPngBuffer(1000, 1000),
        name: 'moi.png',
        type: 'image/png',
      });
      expect(big.status).to.equal(413);
      // A PNG signature followed by garbage is not an image: 400, never a 500.
      const fake = Buffer.concat([(await pngBuffer()).subarray(0, 16), Buffer.alloc(200, 7)]);
      const broken = await uploadAs(c.auth, '/candidats/me/photo', { data: fake, name: 'moi.png' });
      expect(broken.status).to.be.oneOf([400, 415]);
      const r = await createRecruteur();
      expect(
        (await uploadAs(r.auth, '/candidats/me/photo', { data: await pngBuffer(), name: 'moi.png' })).status,
      ).to.equal(403);
    });
  });

  describe('GET /public/candidats/{id} (profilPublic strictly respected)', () => {
    it('shows a public profile without email, phone, salary or CV', async () => {
      const c = await createCandidat({ profilPublic: true, nom: 'Public', prenom: 'Paul' });
      await agent()
        .put('/v1/api/candidats/me')
        .set(c.auth)
        .send({ jobTitle: 'Comptable', salaryRange: '300000', competences: ['Sage'] })
        .expect(200);
      await uploadAs(c.auth, '/candidats/me/cv', { data: pdfBuffer(), name: 'cv.pdf' });
      const res = await agent().get(`/v1/api/public/candidats/${c.id}`).expect(200);
      expect(res.body.data).to.have.all.keys(...PUBLIC_KEYS);
      expect(res.body.data).to.include({ id: c.id, nom: 'Public', prenom: 'Paul', jobTitle: 'Comptable' });
      expect(res.body.data.competences).to.deep.equal(['Sage']);
      const text = JSON.stringify(res.body);
      expect(text).not.to.contain(c.email);
      expect(text).not.to.contain('690000000');
      expect(text).not.to.contain('300000');
    });

    it('is a 404 for a private profile, a disabled account, an unknown id or a non-candidate, with or without a token', async () => {
      const priv = await createCandidat({ profilPublic: false });
      const res = await agent().get(`/v1/api/public/candidats/${priv.id}`).expect(404);
      expect(res.body.error.code).to.equal('NOT_FOUND');
      const recruteur = await createRecruteur();
      await agent().get(`/v1/api/public/candidats/${priv.id}`).set(recruteur.auth).expect(404);
      const disabled = await createCandidat({ profilPublic: true, enabled: false });
      await agent().get(`/v1/api/public/candidats/${disabled.id}`).expect(404);
      await agent().get(`/v1/api/public/candidats/${recruteur.id}`).expect(404);
      await agent().get('/v1/api/public/candidats/99999999').expect(404);
      await agent().get('/v1/api/public/candidats/abc').expect(400);
    });

    it('turns private again as soon as the candidate clears the flag', async () => {
      const c = await createCandidat({ profilPublic: true });
      await agent().get(`/v1/api/public/candidats/${c.id}`).expect(200);
      await agent().put('/v1/api/candidats/me').set(c.auth).send({ profilPublic: false }).expect(200);
      await agent().get(`/v1/api/public/candidats/${c.id}`).expect(404);
    });
  });
});
