/**
 * `recrutement storage migrate --to s3`: copies every file of the local upload folder to the
 * object store under the same key, and verifies each copy by size and SHA-256 read back from the
 * store. A file already in the store with the same size and checksum is skipped, so the copy can
 * be stopped and run again (it resumes) and a second run copies nothing. Local files are never
 * changed or removed: switching `STORAGE=s3` on is the operator's next step.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Storage } from '../../lib/storage.ts';

export interface StorageMigrationProgress {
  done: number;
  total: number;
}

export interface StorageMigrationReport {
  dryRun: boolean;
  files: number;
  bytes: number;
  /** Copied and verified (with dryRun: would be copied). */
  copied: string[];
  /** Already in the store, same size and checksum. */
  alreadyThere: number;
  /** Copies whose read-back did not match (the object is removed again), or that failed. */
  failed: { key: string; reason: string }[];
}

/** Every file under `root`, as store keys (relative paths with `/`), in a stable order. */
export async function localKeys(root: string): Promise<string[]> {
  const keys: string[] = [];
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) keys.push(path.relative(root, full).split(path.sep).join('/'));
    }
  }
  try {
    await walk(root);
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOENT') throw err;
  }
  return keys.sort();
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** True when the store holds `key` with this size and checksum. */
async function storedIdentical(
  store: S3Storage,
  key: string,
  size: number,
  sha256: string,
): Promise<boolean> {
  const head = await store.head(key);
  if (!head || head.size !== size) return false;
  return (await sha256Of(store.stream(key))) === sha256;
}

export async function migrateStorageToS3(
  root: string,
  store: S3Storage,
  opts: { dryRun: boolean; onProgress?: (p: StorageMigrationProgress) => void },
): Promise<StorageMigrationReport> {
  const keys = await localKeys(root);
  const report: StorageMigrationReport = {
    dryRun: opts.dryRun,
    files: keys.length,
    bytes: 0,
    copied: [],
    alreadyThere: 0,
    failed: [],
  };
  for (const [i, key] of keys.entries()) {
    const file = path.join(root, ...key.split('/'));
    const size = (await stat(file)).size;
    report.bytes += size;
    const sha256 = await sha256Of(createReadStream(file));
    if (await storedIdentical(store, key, size, sha256)) report.alreadyThere++;
    else if (opts.dryRun) report.copied.push(key);
    else await copyAndVerify(store, { key, file, size, sha256 }, report);
    opts.onProgress?.({ done: i + 1, total: keys.length });
  }
  return report;
}

async function copyAndVerify(
  store: S3Storage,
  f: { key: string; file: string; size: number; sha256: string },
  report: StorageMigrationReport,
): Promise<void> {
  try {
    await store.put(f.key, createReadStream(f.file));
    if (await storedIdentical(store, f.key, f.size, f.sha256)) {
      report.copied.push(f.key);
      return;
    }
    // A copy that does not read back identical must not be mistaken for a good one later.
    await store.remove(f.key);
    report.failed.push({ key: f.key, reason: 'the copy read back from the store differs' });
  } catch (err) {
    report.failed.push({ key: f.key, reason: err instanceof Error ? err.message : String(err) });
  }
}
