/**
 * Images in lighter encodings: an uploaded JPEG photo and a logo get WebP and AVIF encodings next
 * to the original and to each resized variant, served on the same URLs to clients whose Accept
 * names them (Vary: Accept); clients naming nothing get the stored image as before, and images
 * stored before the encodings existed keep being served as they are.
 */
import { expect } from 'chai';
import sharp from 'sharp';
import { agent } from '../helpers/app.ts';
import { testDb, testDeps } from '../helpers/env.ts';
import { createCandidat, createRecruteur, type TestAccount } from '../helpers/factories.ts';
import { photoJpegBuffer, pngBuffer } from '../helpers/file-fixtures.ts';
import { binaryParser, uploadAs } from '../helpers/profile-factories.ts';
import { acceptedImageEncodings } from '../../api/http/image-accept.ts';

function get(id: number, opts: { accept?: string; auth?: TestAccount; query?: string } = {}) {
  let req = agent().get(`/v1/api/files/${id}${opts.query ?? ''}`);
  if (opts.accept !== undefined) req = req.set('Accept', opts.accept);
  if (opts.auth) req = req.set(opts.auth.auth);
  return req.buffer(true).parse(binaryParser).expect(200);
}

/** The answer of an upload, which must have succeeded. */
async function uploaded(res: ReturnType<typeof uploadAs>) {
  const done = await res;
  expect(done.status, JSON.stringify(done.body)).to.equal(200);
  return done;
}

/** The lighter encodings stored for a file: rendition -> content type -> storage key. */
async function formatsOf(id: number): Promise<Record<string, Record<string, string>>> {
  const row = (await testDb()('files').where({ id }).first('formats')) as { formats: unknown };
  const value = typeof row.formats === 'string' ? (JSON.parse(row.formats) as unknown) : row.formats;
  return (value ?? {}) as Record<string, Record<string, string>>;
}

const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

describe('Image encodings negotiated on Accept', () => {
  let candidat: TestAccount;
  let photoId: number;

  before(async () => {
    candidat = await createCandidat({ profilPublic: true });
    const res = await uploaded(
      uploadAs(candidat.auth, '/candidats/me/photo', {
        data: await photoJpegBuffer(800, 600),
        name: 'moi.jpg',
        type: 'image/jpeg',
      }),
    );
    photoId = Number((res.body.data.photoUrl as string).split('/').pop());
  });

  it('a photo: JPEG to a client naming nothing, a smaller WebP to one naming WebP, same URL, Vary: Accept', async () => {
    const jpeg = await get(photoId);
    expect(jpeg.headers['content-type']).to.equal('image/jpeg');
    expect(jpeg.headers.vary).to.match(/\bAccept\b/);
    const star = await get(photoId, { accept: '*/*' });
    expect(star.headers['content-type']).to.equal('image/jpeg');

    const webp = await get(photoId, { accept: 'image/webp,*/*;q=0.8' });
    expect(webp.headers['content-type']).to.equal('image/webp');
    expect(webp.headers.vary).to.match(/\bAccept\b/);
    expect((await sharp(webp.body as Buffer).metadata()).format).to.equal('webp');
    const jpegBytes = (jpeg.body as Buffer).length;
    const webpBytes = (webp.body as Buffer).length;
    expect(webpBytes).to.be.lessThan(jpegBytes);
    // Same picture: same dimensions.
    const size = await sharp(webp.body as Buffer).metadata();
    expect([size.width, size.height]).to.deep.equal([800, 600]);
    expect(webp.headers['content-disposition']).to.match(/\.webp"/);
  });

  it('AVIF to a client naming it first (a browser), and never more bytes than the WebP', async () => {
    const avif = await get(photoId, { accept: BROWSER_ACCEPT });
    expect(avif.headers['content-type']).to.equal('image/avif');
    expect((await sharp(avif.body as Buffer).metadata()).format).to.equal('heif');
    const webp = await get(photoId, { accept: 'image/webp' });
    expect((avif.body as Buffer).length).to.be.lessThan((webp.body as Buffer).length);
    // Weights count: WebP preferred over AVIF.
    const weighted = await get(photoId, { accept: 'image/avif;q=0.5,image/webp' });
    expect(weighted.headers['content-type']).to.equal('image/webp');
    // A type refused with q=0 is never sent.
    const refused = await get(photoId, { accept: 'image/avif;q=0,image/jpeg' });
    expect(refused.headers['content-type']).to.equal('image/jpeg');
  });

  it('a second GET of an image with its ETag is a 304 with no body; each encoding has its own tag', async () => {
    const jpeg = await get(photoId);
    const webp = await get(photoId, { accept: 'image/webp' });
    expect(jpeg.headers.etag).to.be.a('string');
    expect(webp.headers.etag).to.not.equal(jpeg.headers.etag);
    const again = await agent()
      .get(`/v1/api/files/${photoId}`)
      .set('Accept', 'image/webp')
      .set('If-None-Match', webp.headers.etag as string)
      .expect(304);
    expect(again.text ?? '').to.equal('');
    expect(again.headers.vary).to.match(/\bAccept\b/);
    // The JPEG's tag does not fit the WebP answer.
    await agent()
      .get(`/v1/api/files/${photoId}`)
      .set('Accept', 'image/webp')
      .set('If-None-Match', jpeg.headers.etag as string)
      .expect(200);
  });

  it('a logo: a resized variant is served as AVIF where that is smaller, the WebP variant stays the default', async () => {
    const recruteur = await createRecruteur();
    const res = await uploaded(
      uploadAs(recruteur.auth, '/recruiters/company/logo', {
        data: await photoJpegBuffer(600, 600),
        name: 'logo.jpg',
        type: 'image/jpeg',
      }),
    );
    const logoId = Number((res.body.data.logoUrl as string).split('/').pop());
    const served: string[] = [];
    for (const width of ['128', '256', '512']) {
      const plain = await get(logoId, { query: `?size=${width}` });
      expect(plain.headers['content-type']).to.equal('image/webp');
      const best = await get(logoId, { query: `?size=${width}`, accept: BROWSER_ACCEPT });
      const type = best.headers['content-type'] as string;
      served.push(type);
      expect((await sharp(best.body as Buffer).metadata()).width).to.equal(Number(width));
      // An AVIF is kept only when smaller than the WebP it stands for; otherwise the WebP is the answer.
      if (type === 'image/avif')
        expect((best.body as Buffer).length).to.be.lessThan((plain.body as Buffer).length);
      else expect(Buffer.compare(best.body as Buffer, plain.body as Buffer)).to.equal(0);
    }
    // On this photo AVIF wins at every width (its bytes are the same on every machine: no text).
    expect(served).to.deep.equal(['image/avif', 'image/avif', 'image/avif']);
    // The original JPEG logo has its WebP too.
    const webp = await get(logoId, { accept: 'image/webp' });
    expect(webp.headers['content-type']).to.equal('image/webp');
  });

  it('an image stored before lighter encodings existed is served as stored, whatever the client asks', async () => {
    const other = await createCandidat({ profilPublic: true });
    const res = await uploaded(
      uploadAs(other.auth, '/candidats/me/photo', {
        data: await photoJpegBuffer(400, 300),
        name: 'ancienne.jpg',
        type: 'image/jpeg',
      }),
    );
    const id = Number((res.body.data.photoUrl as string).split('/').pop());
    await testDb()('files').where({ id }).update({ formats: null });
    const served = await get(id, { accept: BROWSER_ACCEPT });
    expect(served.headers['content-type']).to.equal('image/jpeg');
  });

  it('an encoding heavier than the stored image is not kept: a tiny PNG gets a WebP but no AVIF', async () => {
    const other = await createCandidat({ profilPublic: true });
    // 8x8 of one colour: 95 bytes of PNG, 68 of WebP, but the AVIF container alone weighs more.
    const png = await pngBuffer(8, 8);
    const res = await uploaded(
      uploadAs(other.auth, '/candidats/me/photo', { data: png, name: 'mini.png', type: 'image/png' }),
    );
    const id = Number((res.body.data.photoUrl as string).split('/').pop());
    expect(Object.keys((await formatsOf(id)).original ?? {})).to.deep.equal(['image/webp']);
    const served = await get(id, { accept: BROWSER_ACCEPT });
    expect(served.headers['content-type']).to.equal('image/webp');
    expect((served.body as Buffer).length).to.be.lessThan(png.length);
  });

  it('replacing a photo removes the lighter encodings of the old one from storage', async () => {
    const other = await createCandidat({ profilPublic: true });
    const first = await uploaded(
      uploadAs(other.auth, '/candidats/me/photo', {
        data: await photoJpegBuffer(300, 200),
        name: 'a.jpg',
        type: 'image/jpeg',
      }),
    );
    const oldId = Number((first.body.data.photoUrl as string).split('/').pop());
    const formats = await formatsOf(oldId);
    const keys = Object.values(formats).flatMap((byType) => Object.values(byType));
    expect(keys.length).to.be.greaterThan(0);
    await uploaded(
      uploadAs(other.auth, '/candidats/me/photo', {
        data: await photoJpegBuffer(300, 200),
        name: 'b.jpg',
        type: 'image/jpeg',
      }),
    );
    const storage = testDeps().storage;
    for (const key of keys) expect(await storage.exists(key), key).to.equal(false);
  });

  it('Accept parsing: only named lighter types with a non-zero weight, best first', () => {
    expect(acceptedImageEncodings(undefined)).to.deep.equal([]);
    expect(acceptedImageEncodings('*/*')).to.deep.equal([]);
    expect(acceptedImageEncodings('image/*')).to.deep.equal([]);
    expect(acceptedImageEncodings(BROWSER_ACCEPT)).to.deep.equal(['image/avif', 'image/webp']);
    expect(acceptedImageEncodings('image/webp;q=0.9, image/avif;q=0.4')).to.deep.equal([
      'image/webp',
      'image/avif',
    ]);
    expect(acceptedImageEncodings('image/avif;q=0')).to.deep.equal([]);
  });
});
