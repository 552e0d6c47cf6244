/**
 * Uploads on an S3-compatible object store (STORAGE=s3): the storage itself, then the key
 * storage-dependent scenarios (CV upload and download with access control, logo variants,
 * a CSV import read by a worker, the store being down) against a real S3-protocol server
 * (s3rver) started in this process on a random port.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import supertest from 'supertest';
import { S3Storage } from '../../lib/storage.ts';
import { loadConfig, storageConfig, ConfigError, type StorageConfig } from '../../lib/config.ts';
import { buildApp, domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createEntreprise, createRecruteur } from '../helpers/factories.ts';
import { binaryParser } from '../helpers/profile-factories.ts';
import { pdfBuffer, pngBuffer } from '../helpers/file-fixtures.ts';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.ts';
import { runVivierImport } from '../../domain/viviers/run-vivier-import.ts';
import { createVivierRow, poolEmails } from '../helpers/vivier-factories.ts';

type Auth = { Authorization: string };

describe('Object storage (STORAGE=s3, against an in-process S3 server)', function () {
  this.timeout(60000);
  let server: S3TestServer;
  let settings: StorageConfig;
  let store: S3Storage;

  before(async () => {
    server = await startS3Server(`uploads-${process.pid}`);
    settings = storageConfig(server.env);
    store = new S3Storage({
      bucket: server.bucket,
      region: 'us-east-1',
      endpoint: server.endpoint,
      forcePathStyle: true,
    });
  });
  after(async () => {
    store?.destroy();
    await server?.close();
  });

  const s3App = () => buildApp({ config: { storage: settings } }).app.callback();

  describe('settings', () => {
    it('stops with a message naming the bad or missing setting', () => {
      expect(storageConfig({})).to.deep.equal({ kind: 'local' });
      expect(() => loadConfig({ STORAGE: 'ftp' })).to.throw(ConfigError, /STORAGE must be local or s3/);
      expect(() => storageConfig({ STORAGE: 's3' })).to.throw(ConfigError, /S3_BUCKET is required/);
      expect(() => storageConfig({ STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' })).to.throw(
        ConfigError,
        /S3_BUCKET/,
      );
      expect(() => storageConfig({ STORAGE: 's3', S3_BUCKET: 'cvs' })).to.throw(ConfigError, /S3_REGION/);
      expect(() =>
        storageConfig({ STORAGE: 's3', S3_BUCKET: 'cvs', S3_ENDPOINT: 'ftp://x', S3_REGION: 'auto' }),
      ).to.throw(ConfigError, /S3_ENDPOINT/);
      expect(() =>
        storageConfig({
          STORAGE: 's3',
          S3_BUCKET: 'cvs',
          S3_REGION: 'eu-west-3',
          S3_FORCE_PATH_STYLE: 'maybe',
        }),
      ).to.throw(ConfigError, /S3_FORCE_PATH_STYLE/);
      expect(
        storageConfig({
          STORAGE: 's3',
          S3_BUCKET: 'cvs',
          S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com',
        }),
      ).to.deep.equal({
        kind: 's3',
        bucket: 'cvs',
        region: 'auto',
        endpoint: 'https://acc.r2.cloudflarestorage.com',
        forcePathStyle: false,
      });
    });
  });

  describe('S3Storage', () => {
    it('puts, reads, streams, tells existence and removes', async () => {
      const key = `test/${randomUUID()}.txt`;
      expect(await store.exists(key)).to.equal(false);
      await store.put(key, Buffer.from('bonjour Douala'));
      expect(await store.exists(key)).to.equal(true);
      expect((await store.get(key)).toString()).to.equal('bonjour Douala');
      const chunks: Buffer[] = [];
      for await (const c of store.stream(key)) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).toString()).to.equal('bonjour Douala');
      expect(await store.head(key)).to.deep.include({ size: 14 });
      await store.remove(key);
      expect(await store.exists(key)).to.equal(false);
      await store.remove(key); // removing twice is not an error
    });

    it('sends a large stream as a multipart upload, byte for byte', async () => {
      const key = `test/${randomUUID()}.csv`;
      const size = 20 * 1024 * 1024 + 123; // three parts of 8 MiB at most
      const sent = createHash('sha256');
      async function* body() {
        let left = size;
        let n = 0;
        while (left > 0) {
          const chunk = Buffer.alloc(Math.min(left, 256 * 1024), n++ % 251);
          sent.update(chunk);
          left -= chunk.length;
          yield chunk;
        }
      }
      const commands: string[] = [];
      const client = await store.client();
      client.middlewareStack.add(
        (next, context) => (args) => {
          commands.push(context.commandName as string);
          return next(args);
        },
        { step: 'initialize', name: 'countCommands' },
      );
      try {
        await store.put(key, Readable.from(body()));
      } finally {
        client.middlewareStack.remove('countCommands');
      }
      expect(commands.filter((c) => c === 'UploadPartCommand')).to.have.length(3);
      expect(commands).to.include('CompleteMultipartUploadCommand');
      expect((await store.head(key))?.size).to.equal(size);
      const got = createHash('sha256');
      for await (const c of store.stream(key)) got.update(c as Buffer);
      expect(got.digest('hex')).to.equal(sent.digest('hex'));
      await store.remove(key);
    });

    it('reports a missing object as ENOENT and an unreachable store as SERVICE_UNAVAILABLE', async () => {
      const missing = await new Promise<NodeJS.ErrnoException>((resolve) =>
        store.stream('test/none.txt').on('error', resolve).resume(),
      );
      expect(missing.code).to.equal('ENOENT');
      const down = new S3Storage({
        bucket: server.bucket,
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:1',
        forcePathStyle: true,
      });
      const err = (await down.put('x', Buffer.from('x')).catch((e: unknown) => e)) as { code?: string };
      expect(err.code).to.equal('SERVICE_UNAVAILABLE');
      down.destroy();
    });

    it('gives a short-lived presigned URL that serves the file', async () => {
      const key = `cv/${randomUUID()}.pdf`;
      await store.put(key, pdfBuffer());
      const signed = new URL(await store.presignedUrl(key, { seconds: 60, filename: 'cv.pdf' }));
      expect(signed.searchParams.get('X-Amz-Expires')).to.equal('60');
      const ok = await fetch(signed);
      expect(ok.status).to.equal(200);
      expect(Buffer.from(await ok.arrayBuffer()).equals(pdfBuffer())).to.equal(true);
      expect(ok.headers.get('content-disposition')).to.contain('cv.pdf');
    });
  });

  describe('the API on the store', () => {
    function upload(auth: Auth, purpose: string, data: Buffer, name: string) {
      return supertest(s3App())
        .post('/v1/api/files/upload')
        .set(auth)
        .field('purpose', purpose)
        .attach('file', data, { filename: name, contentType: 'application/octet-stream' });
    }
    function download(id: number, auth?: Auth) {
      const req = supertest(s3App()).get(`/v1/api/files/${id}`);
      return (auth ? req.set(auth) : req).buffer(true).parse(binaryParser);
    }

    it('stores a CV in the bucket and serves it to its owner only', async () => {
      const c = await createCandidat();
      const pdf = pdfBuffer('CV sur le magasin objet');
      const res = await upload(c.auth, 'CV', pdf, 'cv.pdf');
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const row = await testDb()('files').where({ id: res.body.data.id }).first();
      expect((await store.get(row.storageKey)).equals(pdf)).to.equal(true);
      const dl = await download(row.id, c.auth).expect(200);
      expect(dl.headers['content-type']).to.equal('application/pdf');
      expect((dl.body as Buffer).equals(pdf)).to.equal(true);
      const other = await createCandidat();
      expect((await download(row.id, other.auth)).status).to.be.oneOf([403, 404]);
      expect((await download(row.id)).status).to.be.oneOf([401, 403, 404]);
    });

    it('stores a logo and its variants next to it in the bucket', async () => {
      const r = await createRecruteur();
      const res = await upload(r.auth, 'LOGO', await pngBuffer(600, 600), 'logo.png');
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const row = await testDb()('files').where({ id: res.body.data.id }).first();
      const variants = (typeof row.variants === 'string' ? JSON.parse(row.variants) : row.variants) as Record<
        string,
        string
      >;
      expect(Object.keys(variants).length).to.be.greaterThan(0);
      const folder = row.storageKey.replace(/\.[a-z]+$/, '');
      for (const key of Object.values(variants)) {
        expect(key.startsWith(folder)).to.equal(true);
        expect(await store.exists(key)).to.equal(true);
      }
      expect(await store.exists(row.storageKey)).to.equal(true);
    });

    it('answers 503 SERVICE_UNAVAILABLE and writes no row when the store is unreachable', async () => {
      const c = await createCandidat();
      const before = await testDb()('files').where({ ownerAccountId: c.id }).count({ n: '*' }).first();
      const down: StorageConfig = {
        ...settings,
        kind: 's3',
        endpoint: 'http://127.0.0.1:1',
      } as StorageConfig;
      const res = await supertest(buildApp({ config: { storage: down } }).app.callback())
        .post('/v1/api/files/upload')
        .set(c.auth)
        .field('purpose', 'CV')
        .attach('file', pdfBuffer(), { filename: 'cv.pdf', contentType: 'application/pdf' });
      expect(res.status, JSON.stringify(res.body)).to.equal(503);
      expect(res.body.error.code).to.equal('SERVICE_UNAVAILABLE');
      const after = await testDb()('files').where({ ownerAccountId: c.id }).count({ n: '*' }).first();
      expect(after).to.deep.equal(before);
    });
  });

  describe('a CSV import read from the store', () => {
    it('is run by a worker from the bucket and resumes after a crash with exact counts', async () => {
      const vivierId = await createVivierRow(await createEntreprise());
      const lines = ['email;nom'];
      for (let i = 1; i <= 23; i++) lines.push(i === 7 ? 'pas-un-email;X' : `s3r${i}@example.cm;Nom ${i}`);
      lines.push('s3r3@example.cm;repeated');
      const data = Buffer.from(lines.join('\r\n') + '\r\n');
      const storageKey = `import/${randomUUID()}.csv`;
      await store.put(storageKey, data);
      const [fileId] = await testDb()('files').insert({
        purpose: 'IMPORT',
        storageKey,
        contentType: 'text/csv',
        size: data.length,
      });
      const [id] = await testDb()('vivierImports').insert({ vivierId, fileId, status: 'QUEUED' });
      // The worker's context has the store and no local folder holding the file.
      const ctx = () =>
        domainCtx({ type: 'system', id: 'test:s3-import' }, { config: { storage: settings } });
      let batches = 0;
      const failure = await runVivierImport(ctx(), id, {
        batchSize: 4,
        onBatch: () => {
          batches += 1;
          if (batches === 3) throw new Error('simulated crash');
        },
      }).catch((e: unknown) => e);
      expect(String(failure)).to.contain('simulated crash');
      expect(await poolEmails(vivierId)).to.have.length(11);
      const progress = await runVivierImport(ctx(), id, { batchSize: 4 });
      expect(progress).to.include({
        status: 'DONE',
        totalRows: 24,
        importedRows: 22,
        duplicateRows: 1,
        errorRows: 1,
      });
      const emails = await poolEmails(vivierId);
      expect(emails).to.have.length(22);
      expect(new Set(emails).size).to.equal(22);
    });
  });
});
