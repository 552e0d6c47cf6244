import { expect } from 'chai';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3Storage } from '../../lib/storage.ts';
import { runBinary, parseJson } from '../helpers/cli.ts';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.ts';
import type { StorageMigrationReport } from '../../domain/files/migrate-storage.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('`recrutement storage migrate --to s3`: local uploads copied to an S3 server, verified, resumable', function () {
  this.timeout(120000);
  let server: S3TestServer;
  let store: S3Storage;
  let uploadDir: string;
  const files = new Map<string, Buffer>();

  before(async () => {
    server = await startS3Server(`migrate-${process.pid}`);
    store = new S3Storage({
      bucket: server.bucket,
      region: 'us-east-1',
      endpoint: server.endpoint,
      forcePathStyle: true,
    });
    uploadDir = mkdtempSync(path.join(os.tmpdir(), 'recrutement-migrate-'));
    // A tree like the upload folder's: nested keys, a binary file, an empty one, a large one.
    files.set('cv/2026/11/cv-1.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4000)]));
    files.set('logos/12/logo-600.png', randomBytes(1500));
    files.set('logos/12/logo.png', randomBytes(9000));
    files.set('imports/vide.csv', Buffer.alloc(0));
    files.set('imports/grand.csv', Buffer.from('email,nom\n'.repeat(120_000)));
    for (const [key, bytes] of files) {
      mkdirSync(path.dirname(path.join(uploadDir, key)), { recursive: true });
      writeFileSync(path.join(uploadDir, key), bytes);
    }
  });
  after(async () => {
    store?.destroy();
    await server?.close();
    if (uploadDir) rmSync(uploadDir, { recursive: true, force: true });
  });

  const migrate = (...extra: string[]) =>
    runBinary(['storage', 'migrate', '--to', 's3', '--json', ...extra], {
      env: {
        ...server.env,
        STORAGE: 'local',
        UPLOAD_DIR: uploadDir,
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });

  it('a dry run lists every file and copies none', async () => {
    const r = await migrate('--dry-run');
    expect(r.code, r.stderr).to.equal(0);
    const report = parseJson<StorageMigrationReport>(r);
    expect(report.dryRun).to.equal(true);
    expect(report.copied).to.deep.equal([...files.keys()].sort());
    for (const key of files.keys()) expect(await store.exists(key), key).to.equal(false);
  });

  it('copies every file byte for byte, then a second run copies nothing', async () => {
    const first = await migrate();
    expect(first.code, first.stderr).to.equal(0);
    const report = parseJson<StorageMigrationReport>(first);
    expect(report.files).to.equal(files.size);
    expect(report.copied).to.have.length(files.size);
    expect(report.failed).to.deep.equal([]);
    expect(report.bytes).to.equal([...files.values()].reduce((n, b) => n + b.length, 0));
    for (const [key, bytes] of files) expect(sha256(await store.get(key)), key).to.equal(sha256(bytes));

    const second = parseJson<StorageMigrationReport>(await migrate());
    expect(second.copied).to.deep.equal([]);
    expect(second.alreadyThere).to.equal(files.size);
  });

  it('resumes: a file missing or different in the store is copied again, the others are left', async () => {
    await store.remove('logos/12/logo.png');
    await store.put('cv/2026/11/cv-1.pdf', Buffer.from('tronqué'));
    const report = parseJson<StorageMigrationReport>(await migrate());
    expect(report.copied).to.deep.equal(['cv/2026/11/cv-1.pdf', 'logos/12/logo.png']);
    expect(report.alreadyThere).to.equal(files.size - 2);
    expect(sha256(await store.get('cv/2026/11/cv-1.pdf'))).to.equal(
      sha256(files.get('cv/2026/11/cv-1.pdf')!),
    );
  });

  it('refuses another target and missing S3 settings, naming them (exit 2)', async () => {
    const ftp = await runBinary(['storage', 'migrate', '--to', 'ftp', '--json'], {
      env: { UPLOAD_DIR: uploadDir },
    });
    expect(ftp.code).to.equal(2);
    expect(ftp.stderr).to.match(/ftp/);
    const noBucket = await runBinary(['storage', 'migrate', '--to', 's3', '--json'], {
      env: { UPLOAD_DIR: uploadDir },
    });
    expect(noBucket.code).to.equal(2);
    expect(noBucket.stderr).to.contain('S3_BUCKET');
  });
});
