/**
 * Images cannot tie up the server: an image over the pixel limits (16 megapixels, 8,000 px on a
 * side) is refused from its header with a 413 that states the limits in French and English; an
 * image at the limits is stored with all its variants; and when the process's image queue is full
 * an upload gets 503 with Retry-After instead of waiting behind it.
 */
import { expect } from 'chai';
import sharp from 'sharp';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createRecruteur, type TestAccount } from '../helpers/factories.ts';
import { drawingPngBuffer, pngBuffer } from '../helpers/file-fixtures.ts';
import { binaryParser, uploadAs } from '../helpers/profile-factories.ts';
import { agent } from '../helpers/app.ts';
import { IMAGE_CONCURRENCY, IMAGE_QUEUE, imageJobs } from '../../domain/files/image-jobs.ts';

const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

function uploadPhoto(account: TestAccount, data: Buffer, language = 'fr') {
  return agent()
    .post('/v1/api/candidats/me/photo')
    .set(account.auth)
    .set('Accept-Language', language)
    .attach('file', data, { filename: 'photo.png', contentType: 'image/png' });
}

async function filesOf(accountId: number): Promise<number> {
  const row = (await testDb()('files').where({ ownerAccountId: accountId }).count({ n: '*' }).first()) as {
    n: number | string;
  };
  return Number(row.n);
}

function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** Fills every running slot and waiting place of the image queue until the returned function is called. */
function occupyImageQueue(): () => Promise<void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const holders = Array.from({ length: IMAGE_CONCURRENCY + IMAGE_QUEUE }, () => imageJobs.run(() => gate));
  return async () => {
    release();
    await Promise.all(holders);
  };
}

describe('Image limits and the image queue', function () {
  this.timeout(120_000);

  it('refuses an 8,000 x 6,000 PNG of 650 KB as a photo: 413 IMAGE_TOO_LARGE stating the limits, nothing stored', async () => {
    const candidat = await createCandidat();
    const png = await pngBuffer(8000, 6000);
    expect(png.length).to.be.below(2 * 1024 * 1024);

    const fr = await uploadPhoto(candidat, png, 'fr');
    expect(fr.status, JSON.stringify(fr.body)).to.equal(413);
    expect(fr.body.error.code).to.equal('IMAGE_TOO_LARGE');
    expect(fr.body.error.message).to.equal(
      'Image trop grande : au plus 16 mégapixels et 8 000 pixels de côté',
    );
    expect(fr.body.error.details).to.equal(
      'Image trop grande : au plus 16 mégapixels et 8 000 pixels de côté (image: 8000 x 6000 px)',
    );

    const en = await uploadPhoto(candidat, png, 'en');
    expect(en.status).to.equal(413);
    expect(en.body.error.message).to.equal(
      'Image too large: at most 16 megapixels and 8,000 pixels on a side',
    );
    expect(en.body.error.details).to.equal(
      'Image too large: at most 16 megapixels and 8,000 pixels on a side (image: 8000 x 6000 px)',
    );

    expect(await filesOf(candidat.id)).to.equal(0);
    const row = await testDb()('candidates').where({ id: candidat.id }).first('photoFileId');
    expect(row.photoFileId).to.equal(null);
  });

  it('refuses a side over 8,000 px even with few pixels, on the generic route too', async () => {
    const candidat = await createCandidat();
    const thin = await pngBuffer(8001, 10);
    const res = await uploadPhoto(candidat, thin, 'en');
    expect(res.status).to.equal(413);
    expect(res.body.error.details).to.contain('8001 x 10 px');
    const generic = await uploadAs(
      candidat.auth,
      '/files/upload',
      { data: thin, name: 'x.png', type: 'image/png' },
      { purpose: 'OTHER' },
    );
    expect(generic.status).to.equal(413);
    expect(generic.body.error.code).to.equal('IMAGE_TOO_LARGE');
  });

  it('stores a 4,000 x 4,000 logo (the pixel limit) with its 3 variants and no full-size encoding: the original is served as stored', async () => {
    const owner = await createRecruteur();
    const png = await drawingPngBuffer(4000, 4000);
    const res = await uploadAs(owner.auth, '/recruiters/company/logo', {
      data: png,
      name: 'logo.png',
      type: 'image/png',
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const entreprise = await testDb()('entreprises').where({ id: owner.entrepriseId }).first('logoFileId');
    const file = await testDb()('files').where({ id: entreprise.logoFileId }).first('variants', 'formats');
    expect(Object.keys(json<Record<string, string>>(file.variants)).sort()).to.deep.equal([
      '128',
      '256',
      '512',
    ]);
    // No full-size WebP or AVIF of a 16 megapixel original: only the capped variants have an AVIF
    // (where it is smaller than their WebP).
    const formats = json<Record<string, Record<string, string>> | null>(file.formats) ?? {};
    expect(Object.keys(formats)).to.not.include('original');
    for (const width of [128, 256, 512]) {
      const served = await agent()
        .get(`/v1/api/files/${entreprise.logoFileId}?size=${width}`)
        .set('Accept', BROWSER_ACCEPT)
        .buffer(true)
        .parse(binaryParser)
        .expect(200);
      expect(served.headers['content-type']).to.be.oneOf(['image/avif', 'image/webp']);
      expect((await sharp(served.body as Buffer).metadata()).width).to.equal(width);
    }
    const original = await agent()
      .get(`/v1/api/files/${entreprise.logoFileId}`)
      .set('Accept', BROWSER_ACCEPT)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    expect(original.headers['content-type']).to.equal('image/png');
    expect(Buffer.compare(original.body as Buffer, png)).to.equal(0);
  });

  it('accepts a banner 8,000 px wide (the side limit, 16 megapixels)', async () => {
    const owner = await createRecruteur();
    const res = await uploadAs(owner.auth, '/recruiters/company/banner', {
      data: await pngBuffer(8000, 2000),
      name: 'banner.png',
      type: 'image/png',
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  });

  it('answers 503 with Retry-After when the image queue is full, still 413 for an image over the limits, and takes the upload once it drains', async () => {
    const candidat = await createCandidat();
    const small = await pngBuffer(64, 64);
    const release = occupyImageQueue();
    try {
      const busy = await uploadPhoto(candidat, small, 'en');
      expect(busy.status, JSON.stringify(busy.body)).to.equal(503);
      expect(busy.headers['retry-after']).to.equal('5');
      expect(busy.body.error.code).to.equal('SERVICE_UNAVAILABLE');
      // The limits are read from the header, before the image waits for a turn to be decoded.
      const tooLarge = await uploadPhoto(candidat, await pngBuffer(8000, 6000), 'en');
      expect(tooLarge.status).to.equal(413);
      expect(await filesOf(candidat.id)).to.equal(0);
    } finally {
      await release();
    }
    const res = await uploadPhoto(candidat, small, 'en');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(await filesOf(candidat.id)).to.equal(1);
  });
});
