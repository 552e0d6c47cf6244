/**
 * The import upload flows to file storage as it arrives (local folder, or S3 under TEST_STORAGE=s3):
 * a 200 MB-ish CSV sent in chunks goes through with the process's memory growing by a fraction of
 * it and is stored byte for byte; a file over 200 MB is a 413 stating the limit, with nothing
 * stored; an upload cut off by its client leaves no stored file; a file stored before its import
 * row is written is deleted when that transaction fails.
 */
import http from 'node:http';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { startServer, type RunningServer } from '../../api/server.ts';
import type { Storage } from '../../lib/storage.ts';
import {
  MAX_IMPORT_BYTES,
  queueReceivedImport,
  receiveImportFile,
} from '../../domain/viviers/queue-vivier-import.ts';
import { domainCtx } from '../helpers/app.ts';
import { testDb, testDeps } from '../helpers/env.ts';
import { createRecruteur, type TestRecruteur } from '../helpers/factories.ts';
import { createVivierRow } from '../helpers/vivier-factories.ts';

const MB = 1024 * 1024;
const BOUNDARY = 'import-upload-boundary';

/** The storage of the run, watched: every removal is awaited by the tests (no sleeps). */
function watchedStorage(inner: Storage): Storage & {
  puts: string[];
  removed: (key: string) => Promise<void>;
} {
  const waiting = new Map<string, () => void>();
  const done = new Set<string>();
  const puts: string[] = [];
  return {
    puts,
    put: async (key, data) => {
      puts.push(key);
      await inner.put(key, data);
    },
    get: (key) => inner.get(key),
    stream: (key) => inner.stream(key),
    exists: (key) => inner.exists(key),
    remove: async (key) => {
      await inner.remove(key);
      done.add(key);
      waiting.get(key)?.();
    },
    removed: (key) =>
      done.has(key) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(key, resolve)),
  };
}

/** CSV lines of about 100 bytes, in chunks of about 1 MB, `bytes` in all (at least). */
function* csvChunks(bytes: number): Generator<Buffer> {
  yield Buffer.from('email;nom;prenom;telephone;tags;notes\n');
  let sent = 0;
  let n = 0;
  while (sent < bytes) {
    const lines: string[] = [];
    for (let i = 0; i < 10_000; i++, n++)
      lines.push(`personne${n}@example.cm;Mbarga${n};Jean;6${String(n).padStart(8, '0')};dev|ops;note ${n}`);
    const chunk = Buffer.from(lines.join('\n') + '\n');
    sent += chunk.length;
    yield chunk;
  }
}

interface Sent {
  status: number;
  body: { success?: boolean; data?: Record<string, unknown>; error?: { code?: string; message?: string } };
  fileBytes: number;
  sha256: string;
}

/**
 * POSTs a multipart body whose file part is `chunks`, chunked (no Content-Length) unless
 * `contentLength` is given; `abortAfter` destroys the request once that many file bytes are sent.
 */
function sendImport(
  server: RunningServer,
  vivierId: number,
  who: TestRecruteur,
  chunks: Iterable<Buffer>,
  opts: { lang?: string; contentLength?: number; abortAfter?: number; onProgress?: () => void } = {},
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let fileBytes = 0;
    let answered = false;
    const req = http.request(`${server.url}/v1/api/recruiters/me/viviers/${vivierId}/import`, {
      method: 'POST',
      // A connection of its own: a refused request's unread body must not meet the next request.
      agent: false,
      headers: {
        ...who.auth,
        'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
        'Accept-Language': opts.lang ?? 'fr',
        ...(opts.contentLength ? { 'Content-Length': String(opts.contentLength) } : {}),
      },
    });
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(text) as Sent['body'],
          fileBytes,
          sha256: hash.digest('hex'),
        });
        req.destroy();
      });
    });
    // A 413 may come and the connection close while the body is still being written.
    req.on('error', (err) => (answered || opts.abortAfter ? undefined : reject(err)));
    const write = (data: Buffer) =>
      new Promise<void>((ok) => (req.write(data) ? ok() : req.once('drain', ok)));
    void (async () => {
      await write(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="candidats.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
      );
      for (const chunk of chunks) {
        if (answered || req.destroyed) return;
        hash.update(chunk);
        fileBytes += chunk.length;
        await write(chunk);
        opts.onProgress?.();
        if (opts.abortAfter && fileBytes >= opts.abortAfter) {
          req.destroy();
          resolve({ status: 0, body: {}, fileBytes, sha256: '' });
          return;
        }
      }
      req.end(`\r\n--${BOUNDARY}--\r\n`);
    })();
  });
}

async function sha256Of(storage: Storage, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of storage.stream(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const importsOf = async (vivierId: number) =>
  (await testDb()('vivierImports').where({ vivierId }).select('id')).length;

describe('Talent-pool import upload: streamed to storage, 200 MB at most', function () {
  this.timeout(600_000);
  let server: RunningServer;
  let storage: ReturnType<typeof watchedStorage>;
  let recruteur: TestRecruteur;
  let vivierId: number;

  before(async () => {
    const deps = testDeps();
    storage = watchedStorage(deps.storage);
    server = await startServer({ ...deps, storage }, 0, '127.0.0.1');
    recruteur = await createRecruteur();
    vivierId = await createVivierRow(recruteur.entrepriseId);
  });
  after(() => server.close());

  it('stores a 190 MB CSV byte for byte while the process grows by far less than the file', async () => {
    const size = 190 * MB;
    const before = process.memoryUsage().rss;
    let peak = before;
    const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
    const timer = setInterval(sample, 20);
    const sent = await sendImport(server, vivierId, recruteur, csvChunks(size), { onProgress: sample });
    clearInterval(timer);
    sample();
    expect(sent.status, JSON.stringify(sent.body)).to.equal(200);
    expect(sent.fileBytes).to.be.above(size);
    const importId = sent.body.data!.importId as number;
    const row = await testDb()('vivierImports as i')
      .join('files as f', 'f.id', 'i.fileId')
      .where('i.id', importId)
      .first('f.size', 'f.storageKey', 'i.status', 'i.format');
    expect(row).to.include({ status: 'QUEUED', format: 'csv', size: sent.fileBytes });
    expect(await sha256Of(storage, row.storageKey)).to.equal(sent.sha256);
    // Not left QUEUED: the job tests of the same run claim every queued import (1.9 million rows).
    await testDb()('vivierImports').where({ id: importId }).delete();
    await testDb()('files').where({ storageKey: row.storageKey }).delete();
    await storage.remove(row.storageKey);
    // Client and server share this process; the file itself is 190 MB.
    const growth = (peak - before) / MB;
    console.log(
      `      RSS ${Math.round(before / MB)} MB -> peak ${Math.round(peak / MB)} MB (+${growth.toFixed(0)} MB)`,
    );
    expect(growth).to.be.below(150);
  });

  it('refuses a body whose Content-Length is over 200 MB at once: 413 stating the limit in French', async () => {
    const declared = await sendImport(server, vivierId, recruteur, csvChunks(MB), {
      contentLength: MAX_IMPORT_BYTES + 10 * MB,
    });
    expect(declared.status).to.equal(413);
    expect(declared.body.error).to.include({
      code: 'PAYLOAD_TOO_LARGE',
      message: `Fichier trop volumineux : 200 Mo au plus (${MAX_IMPORT_BYTES} octets)`,
    });
  });

  it('refuses a chunked file once its count passes 200 MB: 413 in English, nothing stored, no import', async () => {
    const imports = await importsOf(vivierId);

    const putsBefore = storage.puts.length;
    const counted = await sendImport(server, vivierId, recruteur, csvChunks(MAX_IMPORT_BYTES + 2 * MB), {
      lang: 'en',
    });
    expect(counted.status).to.equal(413);
    expect(counted.body.error?.message).to.equal(
      `File too large: at most 200 MB (${MAX_IMPORT_BYTES} bytes)`,
    );
    const key = storage.puts[putsBefore]!;
    expect(key).to.match(/^import\/.+\.csv$/);
    await storage.removed(key);
    expect(await storage.exists(key)).to.equal(false);
    expect(await importsOf(vivierId)).to.equal(imports);
  });

  it('an upload whose client goes away part-way leaves no stored file and no import', async () => {
    const imports = await importsOf(vivierId);
    const putsBefore = storage.puts.length;
    const cut = await sendImport(server, vivierId, recruteur, csvChunks(50 * MB), { abortAfter: 20 * MB });
    expect(cut.fileBytes).to.be.at.least(20 * MB);
    while (storage.puts.length === putsBefore) await new Promise((r) => setImmediate(r));
    const key = storage.puts[putsBefore]!;
    await storage.removed(key);
    expect(await storage.exists(key)).to.equal(false);
    expect(await importsOf(vivierId)).to.equal(imports);
  });

  it('refuses a second file part: 400 saying so in the caller’s language, and no import', async () => {
    const imports = await importsOf(vivierId);
    const twoFiles = () => {
      const form = new FormData();
      form.append('file', new Blob(['email;nom\nawa@example.cm;Fotso\n']), 'a.csv');
      form.append('file', new Blob(['email;nom\nbob@example.cm;Eto\n']), 'b.csv');
      return form;
    };
    const url = `${server.url}/v1/api/recruiters/me/viviers/${vivierId}/import`;
    const fr = await fetch(url, { method: 'POST', headers: recruteur.auth, body: twoFiles() });
    expect(fr.status).to.equal(400);
    expect(((await fr.json()) as Sent['body']).error).to.include({
      code: 'VALIDATION_ERROR',
      message: 'Le corps multipart de la requête est invalide : un seul fichier, dans le champ « file »',
    });
    const en = await fetch(url, {
      method: 'POST',
      headers: { ...recruteur.auth, 'Accept-Language': 'en' },
      body: twoFiles(),
    });
    expect(en.status).to.equal(400);
    expect(((await en.json()) as Sent['body']).error?.message).to.equal(
      'Malformed multipart body: one file only, in the field "file"',
    );
    expect(await importsOf(vivierId)).to.equal(imports);
  });

  it('a file stored before its rows are written is deleted when the transaction fails', async () => {
    const ctx = domainCtx();
    const received = await receiveImportFile(
      ctx.storage,
      Readable.from([Buffer.from('email;nom\nawa@example.cm;Fotso\n')]),
      'candidats.csv',
    );
    expect(await ctx.storage.exists(received.storageKey)).to.equal(true);
    expect(received).to.include({ format: 'csv', encoding: 'utf-8', size: 31 });
    // No such pool: the import row's foreign key fails, and the transaction with it.
    let failure: unknown = null;
    await queueReceivedImport(ctx, 2 ** 31 - 1, recruteur.id, received).catch(
      (err: unknown) => (failure = err),
    );
    expect(failure).to.be.instanceOf(Error);
    expect(await ctx.storage.exists(received.storageKey)).to.equal(false);
    expect(await testDb()('files').where({ storageKey: received.storageKey }).first()).to.equal(undefined);
  });
});
