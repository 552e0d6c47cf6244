/**
 * Hostile uploads on the real upload routes: a renamed executable as a CV, a zip bomb and a pixel
 * bomb, a 4,000 x 4,000 PNG as a logo, empty files, and a "CSV" that is really binary for the
 * talent-pool import. Each is refused with a clear 4xx envelope (or handled), never a 500, a hang
 * or a stored file; the time of each answer is bounded.
 */
import { expect } from 'chai';
import sharp from 'sharp';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import {
  createAdmin,
  createCandidat,
  createRecruteur,
  type TestAccount,
  type TestRecruteur,
} from '../helpers/factories.ts';
import { exeBuffer, pngBuffer } from '../helpers/file-fixtures.ts';
import { pixelBombPng, zipBombDocx } from '../helpers/hostile-files.ts';
import { insertArticle, insertVivier, ownerRecruteur } from '../helpers/hostile-actors.ts';

// A refusal is quick on a quiet machine; the bound catches a hang, with room for a loaded 2-core CI.
const ANSWER_WITHIN_MS = 45_000;

interface Sent {
  status: number;
  body: {
    success?: boolean;
    data?: unknown;
    error?: { code?: string; message?: string; details?: string; fields?: unknown[] } | null;
  };
  ms: number;
}

async function upload(
  account: TestAccount,
  path: string,
  file: { data: Buffer; name: string; type: string },
  fields: Record<string, string> = {},
): Promise<Sent> {
  const started = Date.now();
  let req = agent()
    .post(`/v1/api${path}`)
    .set(account.auth)
    .timeout({ response: ANSWER_WITHIN_MS, deadline: ANSWER_WITHIN_MS });
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  const res = await req.attach('file', file.data, { filename: file.name, contentType: file.type });
  return { status: res.status, body: res.body as Sent['body'], ms: Date.now() - started };
}

/** A refusal: the given status, the envelope with a code and a message a person can act on. */
function expectRefused(res: Sent, status: number, code: string, message: RegExp): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.body.success).to.equal(false);
  expect(res.body.data).to.equal(null);
  expect(res.body.error?.code).to.equal(code);
  expect(`${res.body.error?.message} ${res.body.error?.details}`).to.match(message);
  // A 400 says what is wrong in the caller's language (French here): its own sentence, or the
  // generic one with the field at fault named in `error.fields`.
  if (status === 400 && res.body.error?.message === 'Données invalides')
    expect(res.body.error.fields?.length, JSON.stringify(res.body.error)).to.be.greaterThan(0);
  expect(res.ms).to.be.below(ANSWER_WITHIN_MS);
}

async function filesOf(accountId: number): Promise<number> {
  const row = (await testDb()('files').where({ ownerAccountId: accountId }).count({ n: '*' }).first()) as {
    n: number | string;
  };
  return Number(row.n);
}

describe('Hostile uploads', function () {
  this.timeout(180_000);
  let candidat: TestAccount;
  let owner: TestRecruteur;
  let vivierId: number;

  before(async () => {
    candidat = await createCandidat();
    owner = await ownerRecruteur();
    vivierId = await insertVivier(owner.entrepriseId);
  });

  describe('as a CV', () => {
    it('refuses an executable renamed cv.pdf (415, checked from the bytes), on both CV routes', async () => {
      const exe = { data: exeBuffer(), name: 'cv.pdf', type: 'application/pdf' };
      expectRefused(
        await upload(candidat, '/candidats/me/cv', exe),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        /not allowed|allowed:/i,
      );
      expectRefused(
        await upload(candidat, '/files/upload', exe, { purpose: 'CV' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        /not allowed|allowed:/i,
      );
      const row = await testDb()('candidates').where({ id: candidat.id }).first('cvFileId');
      expect(row.cvFileId).to.equal(null);
      expect(await filesOf(candidat.id)).to.equal(0);
    });

    it('refuses a zip bomb named cv.docx without inflating it, in bounded time', async () => {
      const bomb = zipBombDocx();
      expect(bomb.length).to.be.below(1024 * 1024);
      const res = await upload(candidat, '/candidats/me/cv', {
        data: bomb,
        name: 'cv.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      });
      expectRefused(res, 415, 'UNSUPPORTED_MEDIA_TYPE', /not allowed|allowed:/i);
      expect(await filesOf(candidat.id)).to.equal(0);
    });

    it('refuses an empty file (400, body.file must not be empty)', async () => {
      const res = await upload(candidat, '/candidats/me/cv', {
        data: Buffer.alloc(0),
        name: 'cv.pdf',
        type: 'application/pdf',
      });
      expectRefused(res, 400, 'VALIDATION_ERROR', /body\.file: Ne doit pas être vide/);
    });
  });

  describe('as a company logo', () => {
    it('handles a 4,000 x 4,000 PNG: stored with 128/256/512 px variants, none wider than 512', async () => {
      const png = await pngBuffer(4000, 4000);
      const res = await upload(owner, '/recruiters/company/logo', {
        data: png,
        name: 'logo.png',
        type: 'image/png',
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.ms).to.be.below(ANSWER_WITHIN_MS);
      const entreprise = await testDb()('entreprises').where({ id: owner.entrepriseId }).first('logoFileId');
      const file = await testDb()('files').where({ id: entreprise.logoFileId }).first();
      expect(file.contentType).to.equal('image/png');
      const variants = (
        typeof file.variants === 'string' ? JSON.parse(file.variants) : file.variants
      ) as Record<string, string>;
      expect(Object.keys(variants).sort()).to.deep.equal(['128', '256', '512']);
      const v2 = await agent()
        .get('/v1/api/recruiters/company')
        .set(owner.auth)
        .set('Accept', 'application/vnd.service.v2+json')
        .expect(200);
      expect(v2.body.data.logoUrl.variants).to.have.all.keys('128', '256', '512');
      for (const url of Object.values(v2.body.data.logoUrl.variants as Record<string, string>)) {
        const served = await agent()
          .get(new URL(url).pathname + new URL(url).search)
          .buffer(true)
          .parse((r, cb) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => cb(null, Buffer.concat(chunks)));
          });
        expect(served.status).to.equal(200);
        const meta = await sharp(served.body as Buffer).metadata();
        expect(meta.width).to.be.at.most(512);
      }
    });

    it('refuses a PNG whose header claims 30,000 x 30,000 pixels (a decompression bomb), from its header', async () => {
      const res = await upload(owner, '/recruiters/company/logo', {
        data: pixelBombPng(),
        name: 'logo.png',
        type: 'image/png',
      });
      expectRefused(res, 413, 'IMAGE_TOO_LARGE', /16 mégapixels.*30000 x 30000 px/);
    });

    it('refuses the zip bomb and an executable as a logo (415)', async () => {
      const before = await filesOf(owner.id);
      expectRefused(
        await upload(owner, '/recruiters/company/logo', {
          data: zipBombDocx(),
          name: 'logo.png',
          type: 'image/png',
        }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        /not allowed|allowed:/i,
      );
      expectRefused(
        await upload(owner, '/recruiters/company/banner', {
          data: exeBuffer(),
          name: 'banner.jpg',
          type: 'image/jpeg',
        }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        /not allowed|allowed:/i,
      );
      expect(await filesOf(owner.id)).to.equal(before);
    });

    it('refuses an empty file (400)', async () => {
      const res = await upload(owner, '/recruiters/company/logo', {
        data: Buffer.alloc(0),
        name: 'logo.png',
        type: 'image/png',
      });
      expectRefused(res, 400, 'VALIDATION_ERROR', /body\.file: Ne doit pas être vide/);
    });
  });

  describe('as a talent-pool CSV import', () => {
    const importsOf = async () =>
      Number(
        (
          (await testDb()('vivierImports').where({ vivierId }).count({ n: '*' }).first()) as {
            n: number | string;
          }
        ).n,
      );

    it('refuses a binary renamed candidats.csv (415, "not a CSV text file") and queues nothing', async () => {
      const res = await upload(owner, `/recruiters/me/viviers/${vivierId}/import`, {
        data: exeBuffer(),
        name: 'candidats.csv',
        type: 'text/csv',
      });
      expectRefused(res, 415, 'UNSUPPORTED_MEDIA_TYPE', /pas un fichier texte CSV/i);
      expect(await importsOf()).to.equal(0);
    });

    it('refuses the zip bomb and a PNG as CSV, each with a message saying what to do', async () => {
      const path = `/recruiters/me/viviers/${vivierId}/import`;
      expectRefused(
        await upload(owner, path, { data: zipBombDocx(), name: 'candidats.csv', type: 'text/csv' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        /CSV|UTF-8/,
      );
      expectRefused(
        await upload(owner, path, { data: await pngBuffer(), name: 'candidats.csv', type: 'text/csv' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        /CSV|UTF-8/,
      );
      // A UTF-16 file (Excel's "Unicode text") is text: accepted, and read (see the spreadsheet import tests).
      expect(await importsOf()).to.equal(0);
    });

    it('refuses an empty file (400) and a text without an email column (400)', async () => {
      const path = `/recruiters/me/viviers/${vivierId}/import`;
      expectRefused(
        await upload(owner, path, { data: Buffer.alloc(0), name: 'candidats.csv', type: 'text/csv' }),
        400,
        'VALIDATION_ERROR',
        /body\.file: Ne doit pas être vide/,
      );
      expectRefused(
        await upload(owner, path, {
          data: Buffer.from('nom;prenom\nAwa;Fotso\n'),
          name: 'candidats.csv',
          type: 'text/csv',
        }),
        400,
        'VALIDATION_ERROR',
        /email/i,
      );
      expect(await importsOf()).to.equal(0);
    });
  });

  it('refuses an executable and an empty file on every other upload route too', async () => {
    const admin = await createAdmin();
    const pendingDocs = await createRecruteur({ status: 'PENDING_DOCS' });
    const article = await insertArticle('DRAFT');
    const cases: [TestAccount, string, Record<string, string>][] = [
      [candidat, '/candidats/me/photo', {}],
      [pendingDocs, '/recruiters/me/documents', {}],
      [admin, `/admin/blog/articles/${article.id}/cover`, {}],
      [candidat, '/files/upload', { purpose: 'PHOTO' }],
      [owner, '/files/upload', { purpose: 'DOCUMENT' }],
    ];
    for (const [who, path, fields] of cases) {
      const before = await filesOf(who.id);
      expectRefused(
        await upload(who, path, { data: exeBuffer(), name: 'fichier.jpg', type: 'image/jpeg' }, fields),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        /not allowed|allowed:/i,
      );
      expectRefused(
        await upload(who, path, { data: Buffer.alloc(0), name: 'fichier.jpg', type: 'image/jpeg' }, fields),
        400,
        'VALIDATION_ERROR',
        /body\.file: Ne doit pas être vide/,
      );
      expect(await filesOf(who.id), path).to.equal(before);
    }
  });
});
