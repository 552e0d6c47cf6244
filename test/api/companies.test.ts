import { expect } from 'chai';
import sharp from 'sharp';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createEntreprise, createRecruteur } from '../helpers/factories.ts';
import { unique } from '../helpers/unique.ts';
import { binaryParser, uploadAs } from '../helpers/profile-factories.ts';
import { exeBuffer, jpegBuffer, noisyPngBuffer, pngBuffer } from '../helpers/file-fixtures.ts';

const COMPANY_KEYS = [
  'id',
  'nomEntreprise',
  'secteurActivite',
  'description',
  'anneeCreation',
  'nombreCollaborateurs',
  'presentation',
  'cultureEntreprise',
  'rechercheEntreprise',
  'logoUrl',
  'bannerUrl',
  'adresseSiege',
  'siteWeb',
  'reseauxSociaux',
  'pages',
  'totalRecruitersCount',
  'validatedRecruitersCount',
  'verification',
];
const V2 = 'application/vnd.service.v2+json';

async function villeId(slug: string): Promise<number> {
  return (await testDb()('villes').where({ slug }).first('id')).id;
}

async function uploadLogo(auth: { Authorization: string }, data?: Buffer) {
  return uploadAs(auth, '/recruiters/company/logo', {
    data: data ?? (await pngBuffer(600, 300)),
    name: 'logo.png',
    type: 'image/png',
  });
}

describe('Companies: the recruiter’s company (GET /recruiters/company)', () => {
  describe('GET /recruiters/company', () => {
    it('returns the Company with every page and the recruiter counts', async () => {
      const owner = await createRecruteur();
      await createRecruteur({ entrepriseId: owner.entrepriseId });
      await createRecruteur({ entrepriseId: owner.entrepriseId, status: 'PENDING_APPROVAL' });
      await testDb()('entreprisePages').insert({
        entrepriseId: owner.entrepriseId,
        typePage: 'STAFF',
        contenu: 'brouillon',
        publie: false,
      });
      const res = await agent().get('/v1/api/recruiters/company').set(owner.auth).expect(200);
      expect(res.body.success).to.equal(true);
      const c = res.body.data;
      expect(c).to.have.all.keys(...COMPANY_KEYS);
      expect(c.id).to.equal(owner.entrepriseId);
      expect(c.totalRecruitersCount).to.equal(3);
      expect(c.validatedRecruitersCount).to.equal(2);
      expect(c.adresseSiege).to.have.all.keys(
        'villeId',
        'villeNom',
        'regionId',
        'regionNom',
        'paysId',
        'paysNom',
        'quartier',
        'codePostal',
        'fullAddress',
      );
      expect(c.adresseSiege).to.include({ villeNom: 'Douala', paysNom: 'Cameroun' });
      expect(c.pages).to.have.length(1);
      expect(c.pages[0]).to.have.all.keys('id', 'typePage', 'contenu', 'donneesJson', 'ordre', 'publie');
      expect(c.pages[0]).to.include({ typePage: 'STAFF', publie: false });
      expect(c.logoUrl).to.equal(null);
    });

    it('refuses recruiters that are not ACTIVE, other roles and anonymous callers', async () => {
      const pending = await createRecruteur({ status: 'PENDING_APPROVAL' });
      const res = await agent().get('/v1/api/recruiters/company').set(pending.auth).expect(403);
      expect(res.body.error.code).to.equal('ACCOUNT_NOT_ACTIVE');
      const candidat = await createCandidat();
      await agent().get('/v1/api/recruiters/company').set(candidat.auth).expect(403);
      const anon = await agent().get('/v1/api/recruiters/company').expect(401);
      expect(anon.body.error.code).to.equal('TOKEN_MISSING');
    });
  });

  describe('PUT /recruiters/company', () => {
    it('updates the writable fields in one go (OWNER)', async () => {
      const owner = await createRecruteur();
      const yaounde = await villeId('yaounde');
      const secteur = await testDb()('secteursActivite').orderBy('id', 'desc').first('id', 'nom');
      const body = {
        nomEntreprise: '  Nouvelle Raison Sociale ',
        secteurActiviteId: secteur.id,
        description: 'Leader du mobile money',
        anneeCreation: 2012,
        nombreCollaborateurs: '50-100',
        presentation: 'Présentation',
        cultureEntreprise: 'Culture',
        rechercheEntreprise: 'Des talents',
        adresseSiege: { villeId: yaounde, quartier: 'Bastos', codePostal: 'BP 1234' },
        siteWeb: { nom: 'Site officiel', url: 'https://exemple.cm' },
        reseauxSociaux: [
          { plateforme: 'LinkedIn', url: 'https://linkedin.com/company/exemple' },
          { plateforme: 'Facebook', url: 'https://facebook.com/exemple' },
        ],
      };
      const res = await agent().put('/v1/api/recruiters/company').set(owner.auth).send(body).expect(200);
      const c = res.body.data;
      expect(c).to.have.all.keys(...COMPANY_KEYS);
      expect(c).to.include({
        nomEntreprise: 'Nouvelle Raison Sociale',
        secteurActivite: secteur.nom,
        anneeCreation: 2012,
        nombreCollaborateurs: '50-100',
      });
      expect(c.adresseSiege).to.include({
        villeId: yaounde,
        villeNom: 'Yaoundé',
        regionNom: 'Centre',
        quartier: 'Bastos',
        codePostal: 'BP 1234',
      });
      expect(c.adresseSiege.fullAddress).to.equal('Bastos, Yaoundé, Centre, Cameroun');
      expect(c.siteWeb).to.include({ nom: 'Site officiel', url: 'https://exemple.cm' });
      expect(c.reseauxSociaux.map((r: { plateforme: string }) => r.plateforme)).to.deep.equal([
        'LinkedIn',
        'Facebook',
      ]);

      // The social list is replaced, the website removed with null, untouched fields kept.
      const again = await agent()
        .put('/v1/api/recruiters/company')
        .set(owner.auth)
        .send({ siteWeb: null, reseauxSociaux: [{ plateforme: 'X', url: 'https://x.com/exemple' }] })
        .expect(200);
      expect(again.body.data.siteWeb).to.equal(null);
      expect(again.body.data.reseauxSociaux).to.have.length(1);
      expect(again.body.data.reseauxSociaux[0]).to.have.all.keys('id', 'plateforme', 'url');
      expect(again.body.data.nomEntreprise).to.equal('Nouvelle Raison Sociale');
      expect(
        await testDb()('entrepriseSocialNetworks')
          .where({ entrepriseId: owner.entrepriseId })
          .count({ n: '*' })
          .first(),
      ).to.deep.equal({ n: 1 });
    });

    it('refuses unknown city or sector ids, bad URLs and wrong types with 400, writing nothing', async () => {
      const owner = await createRecruteur();
      const before = await testDb()('entreprises').where({ id: owner.entrepriseId }).first('nomEntreprise');
      const city = await agent()
        .put('/v1/api/recruiters/company')
        .set(owner.auth)
        .send({ nomEntreprise: 'X', adresseSiege: { villeId: 999999 } })
        .expect(400);
      expect(city.body.error.code).to.equal('VALIDATION_ERROR');
      expect(city.body.error.details).to.contain('villeId');
      const sector = await agent()
        .put('/v1/api/recruiters/company')
        .set(owner.auth)
        .send({ secteurActiviteId: 999999 })
        .expect(400);
      expect(sector.body.error.details).to.contain('secteurActiviteId');
      await agent()
        .put('/v1/api/recruiters/company')
        .set(owner.auth)
        .send({ siteWeb: { nom: 'x', url: 'javascript:alert(1)' } })
        .expect(400);
      await agent()
        .put('/v1/api/recruiters/company')
        .set(owner.auth)
        .send({ anneeCreation: '2010' })
        .expect(400);
      const blank = await agent()
        .put('/v1/api/recruiters/company')
        .set(owner.auth)
        .send({ nomEntreprise: '   ' })
        .expect(400);
      // What a rule refuses after the schema names its field, as a form shows it.
      expect(blank.body.error.fields).to.deep.equal([
        {
          field: 'body.nomEntreprise',
          code: 'blank',
          message: 'Ne doit pas être vide ni fait que d’espaces',
        },
      ]);
      expect(sector.body.error.fields).to.deep.equal([
        {
          field: 'body.secteurActiviteId',
          code: 'unknownId',
          message: 'Aucun secteur d’activité avec cet identifiant',
        },
      ]);
      const future = await agent()
        .put('/v1/api/recruiters/company')
        .set(owner.auth)
        .set('Accept-Language', 'en')
        .send({ anneeCreation: new Date().getUTCFullYear() + 1 })
        .expect(400);
      expect(future.body.error.fields).to.deep.equal([
        {
          field: 'body.anneeCreation',
          code: 'maximum',
          message: `Must be at most ${new Date().getUTCFullYear()}`,
        },
      ]);
      await agent()
        .put('/v1/api/recruiters/company')
        .set(owner.auth)
        .send({ anneeCreation: 2199 })
        .expect(400);
      expect(
        await testDb()('entreprises').where({ id: owner.entrepriseId }).first('nomEntreprise'),
      ).to.deep.equal(before);
    });

    it('is for the OWNER only', async () => {
      const owner = await createRecruteur();
      const member = await createRecruteur({ entrepriseId: owner.entrepriseId });
      const res = await agent()
        .put('/v1/api/recruiters/company')
        .set(member.auth)
        .send({ nomEntreprise: 'Pirate' })
        .expect(403);
      expect(res.body.error.code).to.equal('FORBIDDEN');
      const candidat = await createCandidat();
      await agent()
        .put('/v1/api/recruiters/company')
        .set(candidat.auth)
        .send({ nomEntreprise: 'Pirate' })
        .expect(403);
    });
  });

  describe('POST /recruiters/company/logo and /banner', () => {
    it('stores a PNG logo with 128/256/512 variants and serves them publicly', async () => {
      const owner = await createRecruteur();
      const res = await uploadLogo(owner.auth);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const c = res.body.data;
      expect(c).to.have.all.keys(...COMPANY_KEYS);
      expect(c.logoUrl)
        .to.be.a('string')
        .and.match(/\/v1\/api\/files\/\d+$/);
      const fileId = Number(c.logoUrl.split('/').pop());
      const file = await testDb()('files').where({ id: fileId }).first();
      expect(file).to.include({ purpose: 'LOGO', contentType: 'image/png', ownerAccountId: owner.id });
      const variants = typeof file.variants === 'string' ? JSON.parse(file.variants) : file.variants;
      expect(Object.keys(variants).sort()).to.deep.equal(['128', '256', '512']);
      const original = await agent()
        .get(`/v1/api/files/${fileId}`)
        .buffer(true)
        .parse(binaryParser)
        .expect(200);
      expect(original.headers['content-type']).to.equal('image/png');
      expect(original.headers['x-content-type-options']).to.equal('nosniff');
      const small = await agent()
        .get(`/v1/api/files/${fileId}?size=128`)
        .buffer(true)
        .parse(binaryParser)
        .expect(200);
      expect(small.headers['content-type']).to.equal('image/webp');
      expect((await sharp(small.body as Buffer).metadata()).width).to.equal(128);
    });

    it('accepts a 4000x4000 PNG and resizes it (never a 500)', async function () {
      this.timeout(60000);
      const owner = await createRecruteur();
      const res = await uploadLogo(owner.auth, await pngBuffer(4000, 4000));
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const fileId = Number(res.body.data.logoUrl.split('/').pop());
      const big = await agent()
        .get(`/v1/api/files/${fileId}?size=512`)
        .buffer(true)
        .parse(binaryParser)
        .expect(200);
      const meta = await sharp(big.body as Buffer).metadata();
      expect(meta).to.include({ width: 512, height: 512, format: 'webp' });
    });

    it('replaces the previous logo and deletes its file', async () => {
      const owner = await createRecruteur();
      const first = await uploadLogo(owner.auth);
      const firstId = Number(first.body.data.logoUrl.split('/').pop());
      const second = await uploadLogo(owner.auth, await jpegBuffer(300, 300));
      expect(second.status).to.equal(200);
      expect(second.body.data.logoUrl).not.to.equal(first.body.data.logoUrl);
      expect(await testDb()('files').where({ id: firstId }).first()).to.equal(undefined);
      await agent().get(`/v1/api/files/${firstId}`).expect(404);
    });

    it('refuses non-images (by content), empty and too large files, and non-owners', async function () {
      this.timeout(60000);
      const owner = await createRecruteur();
      const exe = await uploadAs(owner.auth, '/recruiters/company/logo', {
        data: exeBuffer(),
        name: 'logo.png',
        type: 'image/png',
      });
      expect(exe.status).to.equal(415);
      expect(exe.body.error.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
      const empty = await uploadAs(owner.auth, '/recruiters/company/logo', {
        data: Buffer.alloc(0),
        name: 'logo.png',
        type: 'image/png',
      });
      expect(empty.status).to.equal(400);
      expect(empty.body.error.code).to.equal('VALIDATION_ERROR');
      const huge = await uploadAs(owner.auth, '/recruiters/company/banner', {
        data: await noisyPngBuffer(1400, 1400),
        name: 'b.png',
        type: 'image/png',
      });
      expect(huge.status).to.equal(413);
      expect(huge.body.error.code).to.equal('PAYLOAD_TOO_LARGE');
      const none = await agent()
        .post('/v1/api/recruiters/company/logo')
        .set(owner.auth)
        .field('x', 'y')
        .expect(400);
      expect(none.body.error.code).to.equal('VALIDATION_ERROR');
      const member = await createRecruteur({ entrepriseId: owner.entrepriseId });
      const refused = await uploadLogo(member.auth);
      expect(refused.status).to.equal(403);
      expect(await testDb()('files').where({ ownerAccountId: member.id }).first()).to.equal(undefined);
      const entreprise = await testDb()('entreprises')
        .where({ id: owner.entrepriseId })
        .first('logoFileId', 'bannerFileId');
      expect(entreprise).to.deep.equal({ logoFileId: null, bannerFileId: null });
    });

    it('stores a banner (JPEG) as bannerUrl', async () => {
      const owner = await createRecruteur();
      const res = await uploadAs(owner.auth, '/recruiters/company/banner', {
        data: await jpegBuffer(1200, 300),
        name: 'banner.jpg',
        type: 'image/jpeg',
      });
      expect(res.status).to.equal(200);
      expect(res.body.data.bannerUrl).to.match(/\/v1\/api\/files\/\d+$/);
      const file = await agent()
        .get(new URL(res.body.data.bannerUrl).pathname)
        .buffer(true)
        .parse(binaryParser)
        .expect(200);
      expect(file.headers['content-type']).to.equal('image/jpeg');
    });
  });

  describe('PUT /recruiters/company/pages/{typePage}', () => {
    it('creates a page with defaults, then updates only the given fields', async () => {
      const owner = await createRecruteur();
      const created = await agent()
        .put('/v1/api/recruiters/company/pages/ACCUEIL')
        .set(owner.auth)
        .send({ contenu: 'Bienvenue' })
        .expect(200);
      expect(created.body.data).to.have.all.keys(
        'id',
        'typePage',
        'contenu',
        'donneesJson',
        'ordre',
        'publie',
      );
      expect(created.body.data).to.include({
        typePage: 'ACCUEIL',
        contenu: 'Bienvenue',
        ordre: 0,
        publie: false,
        donneesJson: null,
      });
      const updated = await agent()
        .put('/v1/api/recruiters/company/pages/ACCUEIL')
        .set(owner.auth)
        .send({ contenu: 'Bienvenue chez nous', donneesJson: '{"blocs":[1,2]}', ordre: 2, publie: true })
        .expect(200);
      expect(updated.body.data).to.include({
        id: created.body.data.id,
        contenu: 'Bienvenue chez nous',
        ordre: 2,
        publie: true,
        donneesJson: '{"blocs":[1,2]}',
      });
      const kept = await agent()
        .put('/v1/api/recruiters/company/pages/ACCUEIL')
        .set(owner.auth)
        .send({ contenu: 'v3' })
        .expect(200);
      expect(kept.body.data).to.include({ ordre: 2, publie: true, contenu: 'v3' });
      expect(
        await testDb()('entreprisePages')
          .where({ entrepriseId: owner.entrepriseId })
          .count({ n: '*' })
          .first(),
      ).to.deep.equal({ n: 1 });
    });

    it('refuses an unknown page type, invalid JSON data, a missing contenu and non-owners', async () => {
      const owner = await createRecruteur();
      const type = await agent()
        .put('/v1/api/recruiters/company/pages/BLOG')
        .set(owner.auth)
        .send({ contenu: 'x' })
        .expect(400);
      expect(type.body.error.details).to.contain('typePage');
      const json = await agent()
        .put('/v1/api/recruiters/company/pages/STAFF')
        .set(owner.auth)
        .send({ contenu: 'x', donneesJson: '{oops' })
        .expect(400);
      expect(json.body.error.details).to.contain('donneesJson');
      await agent().put('/v1/api/recruiters/company/pages/STAFF').set(owner.auth).send({}).expect(400);
      const member = await createRecruteur({ entrepriseId: owner.entrepriseId });
      await agent()
        .put('/v1/api/recruiters/company/pages/STAFF')
        .set(member.auth)
        .send({ contenu: 'x' })
        .expect(403);
    });
  });
});

describe('Public companies', () => {
  it('GET /public/entreprises is a bare page filtered by q and secteurId', async () => {
    const tag = unique('Zeta');
    const secteurs = await testDb()('secteursActivite').orderBy('id').limit(2).pluck('id');
    const a = await createRecruteur();
    await testDb()('entreprises')
      .where({ id: a.entrepriseId })
      .update({ nomEntreprise: `${tag} Alpha`, secteurActiviteId: secteurs[0] });
    const b = await createRecruteur();
    await testDb()('entreprises')
      .where({ id: b.entrepriseId })
      .update({ nomEntreprise: `${tag} Beta`, secteurActiviteId: secteurs[1] });
    // Not public: no ACTIVE recruiter yet, or disabled.
    const pending = await createRecruteur({ status: 'PENDING_APPROVAL' });
    await testDb()('entreprises')
      .where({ id: pending.entrepriseId })
      .update({ nomEntreprise: `${tag} Pending` });
    const disabled = await createRecruteur();
    await testDb()('entreprises')
      .where({ id: disabled.entrepriseId })
      .update({ nomEntreprise: `${tag} Disabled`, status: 'DISABLED' });

    const res = await agent().get(`/v1/api/public/entreprises?q=${tag}`).expect(200);
    expect(res.body).to.have.all.keys('content', 'page');
    expect(res.body.page).to.deep.equal({ size: 20, number: 0, totalElements: 2, totalPages: 1 });
    expect(res.body.content.map((c: { nomEntreprise: string }) => c.nomEntreprise)).to.deep.equal([
      `${tag} Alpha`,
      `${tag} Beta`,
    ]);
    expect(res.body.content[0]).to.have.all.keys(...COMPANY_KEYS);

    const bySector = await agent()
      .get(`/v1/api/public/entreprises?q=${tag}&secteurId=${secteurs[1]}`)
      .expect(200);
    expect(bySector.body.content.map((c: { id: number }) => c.id)).to.deep.equal([b.entrepriseId]);
    const desc = await agent()
      .get(`/v1/api/public/entreprises?q=${tag}&sort=nomEntreprise,desc&size=1`)
      .expect(200);
    expect(desc.body.content[0].nomEntreprise).to.equal(`${tag} Beta`);
    expect(desc.body.page).to.include({ size: 1, totalPages: 2 });
    // LIKE wildcards typed by the user are literal.
    const wild = await agent().get('/v1/api/public/entreprises?q=%25%25%25_').expect(200);
    expect(wild.body.content).to.deep.equal([]);
  });

  it('refuses a sort field that is not allowed and bad filters with 400', async () => {
    const res = await agent().get('/v1/api/public/entreprises?sort=plan,asc').expect(400);
    expect(res.body.error.code).to.equal('VALIDATION_ERROR');
    await agent().get('/v1/api/public/entreprises?secteurId=abc').expect(400);
  });

  it('GET /public/entreprises/{id} shows published pages only; hidden companies are 404', async () => {
    const owner = await createRecruteur();
    await testDb()('entreprisePages').insert([
      { entrepriseId: owner.entrepriseId, typePage: 'ACCUEIL', contenu: 'publique', publie: true },
      { entrepriseId: owner.entrepriseId, typePage: 'STAFF', contenu: 'brouillon', publie: false },
    ]);
    const res = await agent().get(`/v1/api/public/entreprises/${owner.entrepriseId}`).expect(200);
    expect(res.body.data).to.have.all.keys(...COMPANY_KEYS);
    expect(res.body.data.pages.map((p: { typePage: string }) => p.typePage)).to.deep.equal(['ACCUEIL']);
    const lonely = await createEntreprise();
    const hidden = await agent().get(`/v1/api/public/entreprises/${lonely}`).expect(404);
    expect(hidden.body.error.code).to.equal('NOT_FOUND');
    await agent().get('/v1/api/public/entreprises/99999999').expect(404);
    await agent().get('/v1/api/public/entreprises/abc').expect(400);
  });
});

describe('Company logo representation (v1 string, v2 object by Accept)', () => {
  it('v1 clients get a string, v2 clients {url, variants}, on the recruiter’s and the public company, with Vary: Accept', async () => {
    const owner = await createRecruteur();
    const up = await uploadLogo(owner.auth);
    const url = up.body.data.logoUrl as string;

    const v1 = await agent().get('/v1/api/recruiters/company').set(owner.auth).expect(200);
    expect(v1.body.data.logoUrl).to.equal(url);
    expect(v1.headers.vary).to.match(/Accept/i);

    const v2 = await agent().get('/v1/api/recruiters/company').set(owner.auth).set('Accept', V2).expect(200);
    expect(v2.headers.vary).to.match(/Accept/i);
    expect(v2.body.data.logoUrl).to.deep.equal({
      url,
      variants: { 128: `${url}?size=128`, 256: `${url}?size=256`, 512: `${url}?size=512` },
    });

    const pub1 = await agent().get(`/v1/api/public/entreprises/${owner.entrepriseId}`).expect(200);
    expect(pub1.body.data.logoUrl).to.equal(url);
    const pub2 = await agent()
      .get(`/v1/api/public/entreprises/${owner.entrepriseId}`)
      .set('Accept', V2)
      .expect(200);
    expect(pub2.headers.vary).to.match(/Accept/i);
    expect(pub2.body.data.logoUrl.url).to.equal(url);
    expect(Object.keys(pub2.body.data.logoUrl.variants).sort()).to.deep.equal(['128', '256', '512']);
    // Each variant URL really serves a resized image.
    const variant = await agent()
      .get(new URL(pub2.body.data.logoUrl.variants['256']).pathname + '?size=256')
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    expect((await sharp(variant.body as Buffer).metadata()).width).to.equal(256);
    // A company without a logo stays null in both representations.
    const plain = await createRecruteur();
    const none = await agent()
      .get(`/v1/api/public/entreprises/${plain.entrepriseId}`)
      .set('Accept', V2)
      .expect(200);
    expect(none.body.data.logoUrl).to.equal(null);
  });
});
